import Testing

@testable import VideoPlayerRender

struct MP4FragmentShiftTests {
    /// A box of `type` holding `contents`.
    static func box(_ type: String, _ contents: [UInt8]) -> [UInt8] {
        bytes(of: UInt64(8 + contents.count), width: 4) + Array(type.utf8) + contents
    }

    static func bytes(of value: UInt64, width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A media segment: a `styp`, a segment index of track `track` (time scale `scale`, earliest
    /// time `earliest`), then a fragment of that track with a 32-bit `tfdt` of `decodeTime` and
    /// one sample, "abcd", in the `mdat` after it, which its `trun` points to from the `moof`'s
    /// start (or its `tfhd`, with a base data offset, from the segment's start).
    static func segment(
        track: UInt32 = 1, scale: UInt32 = 1000, earliest: UInt32 = 5000, decodeTime: UInt32 = 5000,
        baseOffset: Bool = false
    ) -> [UInt8] {
        let kind = box("styp", Array("msdh".utf8) + bytes(of: 0, width: 4))
        let index = box(
            "sidx",
            [0, 0, 0, 0] + bytes(of: UInt64(track), width: 4) + bytes(of: UInt64(scale), width: 4)
                + bytes(of: UInt64(earliest), width: 4) + bytes(of: 0, width: 4) + [0, 0, 0, 1]
                + bytes(of: 0, width: 12))
        func fragment(dataOffset: UInt64) -> [UInt8] {
            let header =
                baseOffset
                ? box(
                    "tfhd",
                    [0, 0, 0, 1] + bytes(of: UInt64(track), width: 4) + bytes(of: dataOffset, width: 8))
                : box("tfhd", [0, 2, 0, 0] + bytes(of: UInt64(track), width: 4))
            let run = box(
                "trun",
                [0, 0, 2, baseOffset ? 0 : 1] + bytes(of: 1, width: 4)
                    + (baseOffset ? [] : bytes(of: dataOffset, width: 4)) + bytes(of: 4, width: 4))
            let time = box("tfdt", [0, 0, 0, 0] + bytes(of: UInt64(decodeTime), width: 4))
            return box("moof", box("mfhd", bytes(of: 1, width: 8)) + box("traf", header + time + run))
        }
        let size = fragment(dataOffset: 0).count
        let data = baseOffset ? UInt64(kind.count + index.count + size + 8) : UInt64(size + 8)
        return kind + index + fragment(dataOffset: data) + box("mdat", Array("abcd".utf8))
    }

    /// What a demuxer reads of `segment`: the segment index's earliest time, the fragment's decode
    /// time, and its sample's bytes, where the offsets point.
    static func read(_ segment: [UInt8]) throws -> (earliest: UInt64, decodeTime: UInt64, sample: String) {
        var reader = MP4Boxes.Reader([])
        func next(_ width: Int) throws -> UInt64 {
            let value = reader.integer(width)
            return try #require(value)
        }
        let boxes = MP4Boxes.headers(in: segment)
        let index = try #require(boxes.first { $0.type == "sidx" })
        reader = MP4Boxes.Reader(segment[index.contents...])
        let version = try next(1)
        _ = reader.bytes(11)
        let earliest = try next(version == 1 ? 8 : 4)
        let fragment = try #require(boxes.first { $0.type == "moof" })
        let trackFragment = try #require(MP4Boxes.child("traf", of: fragment, in: segment))
        let time = try #require(MP4Boxes.child("tfdt", of: trackFragment, in: segment))
        reader = MP4Boxes.Reader(segment[time.contents...])
        let timeVersion = try next(1)
        _ = reader.bytes(3)
        let decodeTime = try next(timeVersion == 1 ? 8 : 4)
        let header = try #require(MP4Boxes.child("tfhd", of: trackFragment, in: segment))
        reader = MP4Boxes.Reader(segment[header.contents...])
        let flags = try next(4)
        _ = reader.bytes(4)
        let start: Int
        if flags & 1 != 0 {
            start = Int(try next(8))
        } else {
            let run = try #require(MP4Boxes.child("trun", of: trackFragment, in: segment))
            reader = MP4Boxes.Reader(segment[run.contents...])
            _ = reader.bytes(8)
            start = fragment.bytes.lowerBound + Int(try next(4))
        }
        let sample = String(decoding: segment[start..<min(start + 4, segment.count)], as: UTF8.self)
        return (earliest, decodeTime, sample)
    }

    /// Shifts `segment` by `shift`, pushing it `piece` bytes at a time.
    static func shifted(_ segment: [UInt8], by shift: MP4FragmentShift, piece: Int) -> [UInt8] {
        var shift = shift
        var output: [UInt8] = []
        var start = 0
        while start < segment.count {
            output += shift.push(segment[start..<min(start + piece, segment.count)])
            start += piece
        }
        return output + shift.finish()
    }

    @Test(arguments: [1, 7, 4096])
    func theTimesMoveAndEveryOtherBytePassesAsItIsInPiecesOfAnySize(piece: Int) throws {
        let segment = Self.segment()
        let shifted = Self.shifted(segment, by: MP4FragmentShift(ticks: 2000, timescale: 1000), piece: piece)
        #expect(shifted.count == segment.count)
        let read = try Self.read(shifted)
        #expect(read == (7000, 7000, "abcd"))
        // Only the low bytes of the two times change.
        #expect(zip(segment, shifted).filter { $0 != $1 }.count <= 4)
    }

    @Test func aTrackCountsInItsOwnTimeScaleAndTimesDoNotGoBelowZero() throws {
        let segment = Self.segment(track: 2, scale: 90_000, earliest: 450_000, decodeTime: 450_000)
        let shift = MP4FragmentShift(ticks: -6000, timescale: 1000, trackTimescales: [2: 90_000])
        let read = try Self.read(Self.shifted(segment, by: shift, piece: 10))
        // The index counts in its own time scale (90 kHz) too; -6 s from 5 s stops at 0.
        #expect(read == (0, 0, "abcd"))
        let forward = MP4FragmentShift(ticks: 1500, timescale: 1000, trackTimescales: [2: 90_000])
        #expect(try Self.read(Self.shifted(segment, by: forward, piece: 10)) == (585_000, 585_000, "abcd"))
    }

    @Test(arguments: [false, true])
    func aTimeThatNoLongerFitsIn32BitsWidensItsBoxAndTheSamplesStayFound(baseOffset: Bool) throws {
        let segment = Self.segment(baseOffset: baseOffset)
        let shift = MP4FragmentShift(ticks: 1 << 32, timescale: 1000)
        let shifted = Self.shifted(segment, by: shift, piece: 5)
        // Both the index and the fragment's time take 64 bits: 4 more bytes each, and 4 more for
        // the index's first offset.
        #expect(shifted.count == segment.count + 12)
        let read = try Self.read(shifted)
        #expect(read == ((1 << 32) + 5000, (1 << 32) + 5000, "abcd"))
        #expect(MP4Boxes.headers(in: shifted).map(\.type) == ["styp", "sidx", "moof", "mdat"])
    }

    @Test func bytesThatAreNotBoxesPassAsTheyAre() throws {
        let junk: [UInt8] = Array("not a segment at all, just text".utf8)
        #expect(Self.shifted(junk, by: MP4FragmentShift(ticks: 5, timescale: 1), piece: 3) == junk)
        // A fragment cut short passes as it came, after the index before it.
        let cut = Array(Self.segment().dropLast(30))
        let shifted = Self.shifted(cut, by: MP4FragmentShift(ticks: 5, timescale: 1000), piece: 8)
        let fragment = try #require(MP4Boxes.headers(in: cut).first { $0.type == "sidx" }).bytes.upperBound
        #expect(shifted.count == cut.count && shifted[fragment...] == cut[fragment...])
        #expect(shifted != cut)
    }
}
