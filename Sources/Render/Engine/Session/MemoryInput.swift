import CFFmpeg
import Foundation

/// An `AVIOContext` that reads bytes held in memory, for libavformat to open as it opens a URL:
/// a playlist the player wrote, or a manifest it already fetched.
enum MemoryInput {
    private final class Reader {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private static let bufferSize: Int32 = 4096

    /// A context reading `bytes`; close it with ``close(_:)``. `nil` when out of memory.
    static func open(_ bytes: [UInt8]) -> UnsafeMutablePointer<AVIOContext>? {
        CallbackInput.open(Reader(bytes), bufferSize: bufferSize, read: read, seek: seek)
    }

    /// A context of libavformat's `data` protocol reading `bytes`, whose protocol has the read
    /// timeout `timeout` (seconds) that demuxers pass on to the connections they open themselves;
    /// close it with `avio_closep`.
    ///
    /// - Throws: `.io` naming `name` when libavformat cannot open it.
    static func openWithTimeout(_ bytes: [UInt8], timeout: Double, interrupt: InterruptGuard, name: String)
        throws(PlayerError) -> UnsafeMutablePointer<AVIOContext>
    {
        let url = "data:application/octet-stream;base64," + Data(bytes).base64EncodedString()
        let (context, code) = HLSPlaylistFetch.open(
            url, flags: AVIO_FLAG_READ, timeout: timeout, interrupt: interrupt)
        guard code >= 0, let context else {
            throw .io("cannot read \(name) from memory: \(ffmpegErrorString(code))")
        }
        return context
    }

    /// Frees `context`, one ``open(_:)`` made, with its buffer and bytes.
    static func close(_ context: UnsafeMutablePointer<AVIOContext>) {
        CallbackInput.close(context, as: Reader.self)
    }

    private static let read:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
            opaque, buffer, size in
            guard let opaque, let buffer, let reader = CallbackInput.owner(opaque, as: Reader.self) else {
                return cffmpeg_averror(EINVAL)
            }
            return CallbackInput.copy(reader.bytes, from: &reader.position, into: buffer, size: size)
        }

    private static let seek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = {
        opaque, offset, whence in
        guard let opaque, let reader = CallbackInput.owner(opaque, as: Reader.self) else {
            return Int64(cffmpeg_averror(EINVAL))
        }
        let size = Int64(reader.bytes.count)
        let target: Int64
        switch whence & ~AVSEEK_FORCE {
        case AVSEEK_SIZE: return size
        case SEEK_SET: target = offset
        case SEEK_CUR: target = Int64(reader.position) + offset
        case SEEK_END: target = size + offset
        default: return Int64(cffmpeg_averror(EINVAL))
        }
        guard (0...size).contains(target) else { return Int64(cffmpeg_averror(EINVAL)) }
        reader.position = Int(target)
        return target
    }
}
