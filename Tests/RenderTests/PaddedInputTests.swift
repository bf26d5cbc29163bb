import CFFmpeg
import Testing

@testable import VideoPlayerRender

/// The length a glimpse of a fragmented MP4 segment is kept at, when the connection says it and
/// when only the glimpse's boxes do.
struct PaddedInputTests {
    typealias Boxes = MP4FragmentShiftTests

    /// A segment of a `styp`, a fragment (``MP4FragmentShiftTests/segment(track:scale:earliest:decodeTime:baseOffset:)``'s)
    /// and an `mdat` of 3000 bytes of samples, which a glimpse cuts.
    static let segment: [UInt8] = {
        let source = Boxes.segment()
        let fragment = MP4Boxes.headers(in: source).first { $0.type == "moof" }.map {
            Array(source[$0.bytes])
        }
        return Boxes.box("styp", Array("msdh".utf8)) + (fragment ?? [])
            + Boxes.box("mdat", (0..<3000).map { UInt8(truncatingIfNeeded: $0 | 1) })
    }()

    @Test func theBoxesAGlimpseBeginsSayWhereTheSegmentEnds() throws {
        let whole = Self.segment
        let mdat = try #require(MP4Boxes.first("mdat", in: whole))
        for cut in [mdat.contents, mdat.contents + 100, whole.count] {
            #expect(MP4Boxes.end(ofBoxesBeginning: Array(whole.prefix(cut)), limit: 1 << 20) == whole.count)
        }
        // A header cut short, a box as long as the file (size 0), one smaller than its header, or
        // one past the limit tell nothing.
        #expect(
            MP4Boxes.end(ofBoxesBeginning: Array(whole.prefix(mdat.bytes.lowerBound + 5)), limit: 1 << 20)
                == nil)
        let endless = Boxes.box("styp", []) + [0, 0, 0, 0] + Array("mdat".utf8) + [1, 2]
        #expect(MP4Boxes.end(ofBoxesBeginning: endless, limit: 1 << 20) == nil)
        #expect(MP4Boxes.end(ofBoxesBeginning: [0, 0, 0, 4] + Array("free".utf8), limit: 1 << 20) == nil)
        #expect(
            MP4Boxes.end(ofBoxesBeginning: Array(whole.prefix(mdat.contents)), limit: whole.count - 1) == nil)
        // A 64-bit size.
        let large = [0, 0, 0, 1] + Array("mdat".utf8) + Boxes.bytes(of: 5000, width: 8) + [7, 7]
        #expect(MP4Boxes.end(ofBoxesBeginning: large, limit: 1 << 20) == 5000)
    }

    /// Reads what a padded context over a connection giving `glimpse` gives, to its end.
    static func padded(_ glimpse: [UInt8], length: Int64?) throws -> [UInt8] {
        let connection = try #require(MemoryInput.open(glimpse))
        defer { MemoryInput.close(connection) }
        let context = try #require(PaddedInput.open(connection, length: length))
        defer { _ = PaddedInput.close(context) }
        return readAll(context)
    }

    /// Reads `context` to its end.
    static func readAll(_ context: UnsafeMutablePointer<AVIOContext>) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0xff, count: 1000)
        while true {
            let count = avio_read(context, &chunk, Int32(chunk.count))
            guard count > 0 else { break }
            bytes += chunk.prefix(Int(count))
        }
        return bytes
    }

    @Test func aGlimpseIsKeptAtItsSegmentsLengthEvenWhenTheConnectionDoesNotSayIt() throws {
        let whole = Self.segment
        let glimpse = Array(whole.prefix(whole.count - 2000))
        let zeros = [UInt8](repeating: 0, count: 2000)
        #expect(try Self.padded(glimpse, length: Int64(whole.count)) == glimpse + zeros)
        #expect(try Self.padded(glimpse, length: nil) == glimpse + zeros)
        // Boxes that tell nothing: the glimpse as it is.
        let cut = Array(whole.prefix(whole.count - 3005))
        #expect(try Self.padded(cut, length: nil) == cut)
        #expect(try Self.padded(whole, length: nil) == whole)
    }
}
