import Foundation

/// A 16-bit PCM WAV file written byte by byte, for headers no encoder would write: any channel
/// count (0 and 64 too) and a channel mask that disagrees with it.
struct HandmadeWAV {
    var channels: Int
    /// The WAVE_FORMAT_EXTENSIBLE speaker mask; `nil` writes a plain PCM header.
    var channelMask: UInt32?
    var sampleRate = 48_000
    var seconds = 1.0
    /// The tone on every channel.
    var frequency = 440.0
    var amplitude = 0.25

    /// The file's bytes.
    var data: Data {
        let frames = Int(Double(sampleRate) * seconds)
        var samples = Data(capacity: frames * channels * 2)
        for index in 0..<frames {
            let value = Int16(
                amplitude * 32_767 * sin(2 * Double.pi * frequency * Double(index) / Double(sampleRate)))
            for _ in 0..<channels { samples.append(littleEndian: UInt16(bitPattern: value)) }
        }
        let blockAlign = UInt16(truncatingIfNeeded: channels * 2)
        var format = Data()
        format.append(littleEndian: UInt16(channelMask == nil ? 1 : 0xFFFE))
        format.append(littleEndian: UInt16(truncatingIfNeeded: channels))
        format.append(littleEndian: UInt32(sampleRate))
        format.append(littleEndian: UInt32(sampleRate) * UInt32(blockAlign))
        format.append(littleEndian: blockAlign)
        format.append(littleEndian: UInt16(16))
        if let channelMask {
            format.append(littleEndian: UInt16(22))
            format.append(littleEndian: UInt16(16))
            format.append(littleEndian: channelMask)
            // KSDATAFORMAT_SUBTYPE_PCM
            format.append(contentsOf: [0x01, 0, 0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71])
        }
        var body = Data("WAVEfmt ".utf8)
        body.append(littleEndian: UInt32(format.count))
        body.append(format)
        body.append(contentsOf: Data("data".utf8))
        body.append(littleEndian: UInt32(samples.count))
        body.append(samples)
        var file = Data("RIFF".utf8)
        file.append(littleEndian: UInt32(body.count))
        file.append(body)
        return file
    }

    /// Writes the file as `name` in `directory`.
    func write(named name: String, in directory: TemporaryDirectory) throws -> URL {
        let url = directory.file(name)
        try data.write(to: url)
        return url
    }
}

extension Data {
    fileprivate mutating func append<Value: FixedWidthInteger>(littleEndian value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
