import Foundation

/// Turns subtitle file bytes into UTF-8, whatever encoding mark they start with.
enum SubtitleTextDecoding {
    /// UTF-8 bytes of `data` without any byte-order mark. UTF-16 is recognised by its mark (FF FE or
    /// FE FF) or, without one, by zero bytes in every other position of the first characters.
    static func utf8Bytes(of data: Data) -> [UInt8] {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16ToUTF8(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16ToUTF8(bytes.dropFirst(2), bigEndian: true) }
        if bytes.count >= 4, bytes[0] != 0, bytes[1] == 0, bytes[2] != 0, bytes[3] == 0 {
            return utf16ToUTF8(bytes[...], bigEndian: false)
        }
        if bytes.count >= 4, bytes[0] == 0, bytes[1] != 0, bytes[2] == 0, bytes[3] != 0 {
            return utf16ToUTF8(bytes[...], bigEndian: true)
        }
        return bytes
    }

    /// Transcodes UTF-16 code units; an odd trailing byte is dropped and lone surrogates become U+FFFD.
    private static func utf16ToUTF8(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
