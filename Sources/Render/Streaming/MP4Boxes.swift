/// The boxes an MP4 file (ISO/IEC 14496-12) is made of, found in its bytes.
package enum MP4Boxes {
    /// A box's header, read: where the box lies, its type, its size field, and where its
    /// contents begin.
    package struct Header: Equatable, Sendable {
        package var type: String
        package var bytes: Range<Int>
        /// The bytes of its size: the 32 bits of its start, or the 64 bits after its type when
        /// those say 1.
        package var sizeField: Range<Int>
        package var contents: Int
    }

    /// The headers of the boxes that follow one another from the start of `range` of `bytes` (all
    /// of them by default), in order (``header(at:in:before:)``; a size of 0: the box reaches the
    /// end of the range). They end where a box's header or its size does not fit in what is left
    /// of the range.
    package static func headers(in bytes: [UInt8], within range: Range<Int>? = nil) -> [Header] {
        let range = range ?? 0..<bytes.count
        var headers: [Header] = []
        var start = range.lowerBound
        while let head = header(at: start, in: bytes, before: range.upperBound) {
            let size = head.size ?? UInt64(range.upperBound - start)
            guard size >= head.contents - start, size <= UInt64(range.upperBound - start) else { break }
            let end = start + Int(size)
            headers.append(
                Header(
                    type: head.type, bytes: start..<end, sizeField: head.sizeField, contents: head.contents))
            start = end
        }
        return headers
    }

    /// Where the boxes that follow one another from the start of `bytes`, the first bytes of a
    /// file, end: the end of the last one whose header `bytes` hold, which may lie past them; `nil`
    /// when that cannot be told (a box's header cut short, a size of 0, a size smaller than its
    /// header) or lies more than `limit` bytes in.
    package static func end(ofBoxesBeginning bytes: [UInt8], limit: Int) -> Int? {
        var start = 0
        while start < bytes.count {
            guard let head = header(at: start, in: bytes, before: bytes.count), let size = head.size,
                size >= UInt64(head.contents - start), size <= UInt64(limit - start)
            else { return nil }
            start += Int(size)
        }
        return start
    }

    /// The header of the box at `start` of `bytes`, read before `end`: a 32-bit big-endian size
    /// (1: a 64-bit size follows the type), then a four-letter type. Gives its type, its size
    /// (`nil` for a size of 0, a box that reaches the end of what holds it), the bytes of its size
    /// and where its contents begin; `nil` when the header does not fit before `end`.
    static func header(at start: Int, in bytes: [UInt8], before end: Int)
        -> (type: String, size: UInt64?, sizeField: Range<Int>, contents: Int)?
    {
        guard end - start >= 8 else { return nil }
        let type = String(decoding: bytes[start + 4..<start + 8], as: UTF8.self)
        let size = integer(bytes[start..<start + 4])
        guard size == 1 else { return (type, size == 0 ? nil : size, start..<start + 4, start + 8) }
        guard end - start >= 16 else { return nil }
        return (type, integer(bytes[start + 8..<start + 16]), start + 8..<start + 16, start + 16)
    }

    /// The first box of `type` among the boxes `bytes` begin with: all its bytes, and where its
    /// contents begin after its header; `nil` when no such box begins before the end, or when a
    /// box's size is out of range first (``headers(in:within:)``).
    package static func first(_ type: String, in bytes: [UInt8]) -> (bytes: Range<Int>, contents: Int)? {
        headers(in: bytes).first { $0.type == type }.map { ($0.bytes, $0.contents) }
    }

    /// The boxes inside `box`, a box of `bytes` that holds boxes.
    static func children(of box: Header, in bytes: [UInt8]) -> [Header] {
        headers(in: bytes, within: box.contents..<box.bytes.upperBound)
    }

    /// The first box of `type` inside `box`.
    static func child(_ type: String, of box: Header, in bytes: [UInt8]) -> Header? {
        children(of: box, in: bytes).first { $0.type == type }
    }

    /// The box `types` leads to from `box`, one type per level down.
    static func path(_ types: [String], from box: Header, in bytes: [UInt8]) -> Header? {
        var box = box
        for type in types {
            guard let next = child(type, of: box, in: bytes) else { return nil }
            box = next
        }
        return box
    }

    /// The id and media time scale of each track of the movie box of `bytes` (an initialization
    /// segment); a track whose boxes are cut short is left out.
    static func trackTimescales(inInitialization bytes: [UInt8]) -> [(id: UInt64, timescale: UInt64)] {
        guard let movie = headers(in: bytes).first(where: { $0.type == "moov" }) else { return [] }
        return children(of: movie, in: bytes).compactMap { $0.type == "trak" ? track($0, in: bytes) : nil }
    }

    /// The id (its `tkhd`) and media time scale (its `mdhd`, at least 1) of `track`, a `trak` box;
    /// `nil` when either box is missing or cut short.
    static func track(_ track: Header, in bytes: [UInt8]) -> (id: UInt64, timescale: UInt64)? {
        // Both are full boxes: a version, 24 bits of flags, then two times (64 bits each in
        // version 1) before the id or the time scale.
        func field(of box: Header) -> UInt64? {
            var reader = Reader(bytes[box.contents..<box.bytes.upperBound])
            guard let version = reader.integer(1), reader.bytes(3 + (version == 1 ? 16 : 8)) != nil else {
                return nil
            }
            return reader.integer(4)
        }
        guard let header = child("tkhd", of: track, in: bytes),
            let mediaHeader = path(["mdia", "mdhd"], from: track, in: bytes),
            let id = field(of: header), let timescale = field(of: mediaHeader), timescale > 0
        else { return nil }
        return (id, timescale)
    }

    /// `bytes` as an unsigned big-endian integer.
    static func integer(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Big-endian integers and bytes read in order from a box's bytes.
    struct Reader {
        let bytes: ArraySlice<UInt8>
        private(set) var position: Int

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        var remaining: Int { bytes.endIndex - position }

        /// The next `count` bytes; `nil` past the end.
        mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, count <= remaining else { return nil }
            defer { position += count }
            return bytes[position..<position + count]
        }

        /// The next `width` bytes as an unsigned big-endian integer; `nil` past the end.
        mutating func integer(_ width: Int) -> UInt64? {
            bytes(width).map(MP4Boxes.integer)
        }
    }
}
