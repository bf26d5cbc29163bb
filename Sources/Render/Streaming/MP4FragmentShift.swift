/// Moves the media times of a fragmented MP4 media segment by a fixed amount as its bytes pass:
/// the decode time each track fragment starts at (`tfdt`) and the earliest presentation time of a
/// segment index (`sidx`), each in its own track's time scale. Every other byte passes as it is.
///
/// A DASH period whose media times start again from 0 (an advertisement, or the programme after
/// one) is put on the presentation's time line this way (``DASHBridge``), so that libavformat's
/// demuxers, which take a fragment's times as they are, read one time line that goes on.
///
/// A `tfdt` of 32 bits whose moved time does not fit becomes one of 64, and the offsets that count
/// from the start of its `moof` to the samples after it grow with it; a `sidx` likewise.
struct MP4FragmentShift: Sendable {
    /// The amount: `ticks` units of which `timescale` make a second.
    let ticks: Int64
    let timescale: Int64
    /// The media time scale of each track, by id, from the initialization segment; a track not
    /// in it counts in ``timescale``.
    let trackTimescales: [UInt64: UInt64]

    /// The longest `moof` or `sidx` box moved; a longer one passes as it is.
    static let boxLimit = 16 * 1024 * 1024

    /// Bytes received and not passed on yet: the start of a box whose header or whole is awaited.
    private var held: [UInt8] = []
    /// Bytes of the box under way that pass as they are.
    private var passing: UInt64 = 0
    /// Whether everything left passes as it is (a box that runs to the end, or one that cannot be
    /// read).
    private var passingAll = false
    /// How many bytes longer than they came the boxes passed on are: where a base data offset,
    /// which counts from the segment's start, must point now.
    private var grown: Int64 = 0

    init(ticks: Int64, timescale: Int64, trackTimescales: [UInt64: UInt64] = [:]) {
        self.ticks = ticks
        self.timescale = max(1, timescale)
        self.trackTimescales = trackTimescales
    }

    /// The amount in units of which `scale` make a second.
    func ticks(inScale scale: UInt64) -> Int64 {
        if scale == UInt64(timescale) { return ticks }
        let scaled = (Double(ticks) * Double(scale) / Double(timescale)).rounded()
        return scaled.magnitude < 0x1p62 ? Int64(scaled) : scaled < 0 ? -(1 << 62) : 1 << 62
    }

    /// Takes the next bytes of the segment and returns those that can be passed on now.
    mutating func push(_ bytes: some Collection<UInt8>) -> [UInt8] {
        held.append(contentsOf: bytes)
        var output: [UInt8] = []
        var start = 0
        while start < held.count {
            if passingAll {
                output += held[start...]
                start = held.count
                break
            }
            if passing > 0 {
                let count = Int(min(UInt64(held.count - start), passing))
                output += held[start..<start + count]
                start += count
                passing -= UInt64(count)
                continue
            }
            guard let header = MP4Boxes.header(at: start, in: held, before: held.count) else { break }
            guard let size = header.size, size >= header.contents - start else {
                passingAll = true
                continue
            }
            guard header.type == "moof" || header.type == "sidx", size <= UInt64(Self.boxLimit) else {
                passing = size
                continue
            }
            guard held.count - start >= Int(size) else { break }
            let moved = moved(Array(held[start..<start + Int(size)]), type: header.type)
            grown += Int64(moved.count) - Int64(size)
            output += moved
            start += Int(size)
        }
        held.removeFirst(start)
        return output
    }

    /// The bytes held at the end of the segment: a box cut short, as it is.
    mutating func finish() -> [UInt8] {
        defer { held = [] }
        return held
    }

    /// `box`, a whole `moof` or `sidx`, with its times moved; as it is when it cannot be read.
    private func moved(_ box: [UInt8], type: String) -> [UInt8] {
        guard let header = MP4Boxes.headers(in: box).first else { return box }
        let moved = type == "sidx" ? movedIndex(header, in: box) : movedFragment(header, in: box)
        return moved ?? box
    }

    /// A `sidx`: a full box, a reference id and time scale, then the earliest presentation time
    /// and the first offset (32 bits each in version 0, 64 in version 1).
    private func movedIndex(_ header: MP4Boxes.Header, in box: [UInt8]) -> [UInt8]? {
        var reader = MP4Boxes.Reader(box[header.contents...])
        guard let version = reader.integer(1), reader.bytes(3) != nil, reader.integer(4) != nil,
            let scale = reader.integer(4), let earliest = reader.integer(version == 1 ? 8 : 4),
            let firstOffset = reader.integer(version == 1 ? 8 : 4)
        else { return nil }
        let time = Self.adding(ticks(inScale: scale), to: earliest)
        let wide = version == 1 || time > UInt64(UInt32.max)
        var contents = [UInt8(wide ? 1 : 0)] + box[header.contents + 1..<header.contents + 12]
        contents +=
            Self.bytes(of: time, width: wide ? 8 : 4) + Self.bytes(of: firstOffset, width: wide ? 8 : 4)
        contents += box[reader.position...]
        return Self.box(header, of: box, contents: contents)
    }

    /// A `moof`: each `traf`'s `tfdt` moved, and the offsets to the samples after the box grown
    /// by as much as the box grew (a base data offset also by as much as the boxes before it).
    private func movedFragment(_ header: MP4Boxes.Header, in box: [UInt8]) -> [UInt8]? {
        var parts: [[UInt8]] = []
        for child in MP4Boxes.children(of: header, in: box) {
            guard child.type == "traf" else {
                parts.append(Array(box[child.bytes]))
                continue
            }
            guard let trackFragment = movedTrackFragment(child, in: box) else { return nil }
            parts.append(trackFragment)
        }
        var moved = Self.box(header, of: box, contents: parts.flatMap { $0 })
        let growth = Int64(moved.count - box.count)
        guard growth != 0 || grown != 0, let header = MP4Boxes.headers(in: moved).first else { return moved }
        for trackFragment in MP4Boxes.children(of: header, in: moved) where trackFragment.type == "traf" {
            guard Self.grow(trackFragment, by: growth, before: grown, in: &moved) else { return nil }
        }
        return moved
    }

    /// A `traf` with its `tfdt` moved (one of 64 bits when the time no longer fits in 32).
    private func movedTrackFragment(_ header: MP4Boxes.Header, in box: [UInt8]) -> [UInt8]? {
        guard let fragmentHeader = MP4Boxes.child("tfhd", of: header, in: box) else { return nil }
        var reader = MP4Boxes.Reader(box[fragmentHeader.contents..<fragmentHeader.bytes.upperBound])
        guard reader.bytes(4) != nil, let track = reader.integer(4) else { return nil }
        let amount = ticks(inScale: trackTimescales[track] ?? UInt64(timescale))
        var contents: [UInt8] = []
        for child in MP4Boxes.children(of: header, in: box) {
            guard child.type == "tfdt" else {
                contents += box[child.bytes]
                continue
            }
            reader = MP4Boxes.Reader(box[child.contents..<child.bytes.upperBound])
            guard let version = reader.integer(1), reader.bytes(3) != nil,
                let decodeTime = reader.integer(version == 1 ? 8 : 4)
            else { return nil }
            let time = Self.adding(amount, to: decodeTime)
            let wide = version == 1 || time > UInt64(UInt32.max)
            let moved =
                [UInt8(wide ? 1 : 0)] + box[child.contents + 1..<child.contents + 4]
                + Self.bytes(of: time, width: wide ? 8 : 4)
            contents += Self.box(child, of: box, contents: moved)
        }
        return Self.box(header, of: box, contents: contents)
    }

    /// Moves the samples of `trackFragment` in `bytes` after its `moof` grew by `growth` bytes and
    /// the boxes before it by `before`: its `tfhd`'s base data offset when it has one, else each
    /// `trun`'s data offset (which then counts from the start of the `moof`); `false` when one is
    /// cut short.
    private static func grow(
        _ trackFragment: MP4Boxes.Header, by growth: Int64, before: Int64, in bytes: inout [UInt8]
    ) -> Bool {
        guard let fragmentHeader = MP4Boxes.child("tfhd", of: trackFragment, in: bytes) else { return false }
        var reader = MP4Boxes.Reader(bytes[fragmentHeader.contents..<fragmentHeader.bytes.upperBound])
        guard reader.bytes(1) != nil, let flags = reader.integer(3), reader.bytes(4) != nil else {
            return false
        }
        if flags & 0x1 != 0 {
            let place = reader.position
            guard let base = reader.integer(8) else { return false }
            bytes.replaceSubrange(
                place..<place + 8, with: Self.bytes(of: adding(growth + before, to: base), width: 8))
            return true
        }
        for run in MP4Boxes.children(of: trackFragment, in: bytes) where run.type == "trun" {
            reader = MP4Boxes.Reader(bytes[run.contents..<run.bytes.upperBound])
            guard reader.bytes(1) != nil, let runFlags = reader.integer(3), reader.bytes(4) != nil else {
                return false
            }
            guard runFlags & 0x1 != 0 else { continue }
            let place = reader.position
            guard let offset = reader.integer(4) else { return false }
            let grown = UInt32(truncatingIfNeeded: Int64(Int32(truncatingIfNeeded: offset)) + growth)
            bytes.replaceSubrange(place..<place + 4, with: Self.bytes(of: UInt64(grown), width: 4))
        }
        return true
    }

    /// `header`'s box of `bytes` with `contents` instead of its own, its size field rewritten.
    private static func box(_ header: MP4Boxes.Header, of bytes: [UInt8], contents: [UInt8]) -> [UInt8] {
        var box = Array(bytes[header.bytes.lowerBound..<header.contents])
        let size = UInt64(box.count + contents.count)
        let field = header.sizeField.lowerBound - header.bytes.lowerBound
        box.replaceSubrange(
            field..<field + header.sizeField.count, with: Self.bytes(of: size, width: header.sizeField.count))
        return box + contents
    }

    /// `value` plus `amount`, at least 0.
    private static func adding(_ amount: Int64, to value: UInt64) -> UInt64 {
        amount >= 0 ? value &+ UInt64(amount) : value - min(value, amount.magnitude)
    }

    /// `value`'s `width` lowest bytes, big-endian.
    private static func bytes(of value: UInt64, width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
