import VideoPlayerRender

/// The structure of an MP4 (boxes) or Matroska (segment children) file, found by reading only the
/// headers, so mutations can swap whole elements or corrupt their size fields.
struct ContainerElements {
    /// One element: where it lies and where its size field is.
    struct Element {
        var range: Range<Int>
        var sizeField: Range<Int>
    }

    /// The top-level elements, in file order: siblings that can be swapped.
    let topLevel: [Element]
    /// Every element found, the boxes inside MP4 container boxes included.
    let all: [Element]

    /// Boxes that hold only boxes, whose children are worth corrupting too.
    private static let mp4Containers: Set<String> = [
        "moov", "trak", "mdia", "minf", "stbl", "edts", "udta", "moof", "traf", "mvex",
    ]

    /// The elements of `bytes`; empty when the headers make no sense as MP4 or Matroska.
    init(_ bytes: [UInt8]) {
        if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
            topLevel = Self.matroska(bytes)
            all = topLevel
        } else {
            topLevel = Self.mp4Boxes(bytes, in: 0..<bytes.count, nested: false)
            all = Self.mp4Boxes(bytes, in: 0..<bytes.count, nested: true)
        }
    }

    /// MP4 boxes in `range` (``MP4Boxes/headers(in:within:)``). With `nested`, container boxes
    /// are followed by their children.
    private static func mp4Boxes(_ bytes: [UInt8], in range: Range<Int>, nested: Bool) -> [Element] {
        var elements: [Element] = []
        for header in MP4Boxes.headers(in: bytes, within: range) {
            // NB: 512 elements at most, the children of those read included.
            guard elements.count < 512 else { break }
            elements.append(Element(range: header.bytes, sizeField: header.sizeField))
            if nested, mp4Containers.contains(header.type) {
                elements += mp4Boxes(bytes, in: header.contents..<header.bytes.upperBound, nested: true)
            }
        }
        return elements
    }

    /// Matroska: the EBML header, then the Segment whose children (SeekHead, Info, Tracks, Clusters...)
    /// are the elements; IDs and sizes are variable-length integers.
    private static func matroska(_ bytes: [UInt8]) -> [Element] {
        guard let header = ebmlElement(in: bytes, at: 0),
            let segment = ebmlElement(in: bytes, at: header.range.upperBound)
        else { return [] }
        var elements: [Element] = []
        var offset = segment.sizeField.upperBound
        while elements.count < 512, let element = ebmlElement(in: bytes, at: offset) {
            elements.append(element)
            offset = element.range.upperBound
        }
        return elements
    }

    /// The EBML element at `offset`, its end clamped to the buffer (live streams leave sizes unknown).
    private static func ebmlElement(in bytes: [UInt8], at offset: Int) -> Element? {
        guard let idLength = vintLength(bytes, at: offset), idLength <= 4,
            let sizeLength = vintLength(bytes, at: offset + idLength)
        else { return nil }
        let sizeStart = offset + idLength
        let marker = UInt64(0x80) >> UInt64(sizeLength - 1)
        var size = UInt64(bytes[sizeStart]) & (marker &- 1)
        for byte in bytes[(sizeStart + 1)..<(sizeStart + sizeLength)] { size = size << 8 | UInt64(byte) }
        // vintLength checked that the size field fits, so the data starts within the buffer.
        let dataStart = sizeStart + sizeLength
        let end = size >= UInt64(bytes.count - dataStart) ? bytes.count : dataStart + Int(size)
        return Element(range: offset..<end, sizeField: sizeStart..<dataStart)
    }

    /// The length of the variable-length integer at `offset` (1...8), from its leading zero bits.
    private static func vintLength(_ bytes: [UInt8], at offset: Int) -> Int? {
        guard offset < bytes.count, bytes[offset] != 0 else { return nil }
        let length = bytes[offset].leadingZeroBitCount + 1
        return offset + length <= bytes.count ? length : nil
    }
}
