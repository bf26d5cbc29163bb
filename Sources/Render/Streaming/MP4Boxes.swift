/// The boxes an MP4 file (ISO/IEC 14496-12) is made of, found in its bytes.
package enum MP4Boxes {
    /// The first box of `type` among the boxes `bytes` begin with: all its bytes, and where its
    /// contents begin after its header. A size of 0 makes a box reach the end of `bytes`; `nil`
    /// when no such box begins before the end, or when a box's size is out of range first.
    package static func first(_ type: String, in bytes: [UInt8]) -> (bytes: Range<Int>, contents: Int)? {
        let wanted = Array(type.utf8)
        var start = 0
        while bytes.count - start >= 8 {
            var size = integer(bytes[start..<start + 4])
            var contents = start + 8
            if size == 1 {
                guard bytes.count - start >= 16 else { return nil }
                size = integer(bytes[start + 8..<start + 16])
                contents += 8
            } else if size == 0 {
                size = UInt64(bytes.count - start)
            }
            guard size >= contents - start, size <= UInt64(bytes.count - start) else { return nil }
            let end = start + Int(size)
            if bytes[start + 4..<start + 8].elementsEqual(wanted) { return (start..<end, contents) }
            start = end
        }
        return nil
    }

    /// `bytes` as an unsigned big-endian integer.
    static func integer(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
