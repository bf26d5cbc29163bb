import CFFmpeg

/// An `AVIOContext` that reads the first bytes of a segment through the connection that fetches
/// them, then gives zeros up to the segment's whole length: a glimpse of a fragmented MP4 segment
/// that keeps the segment's length, so that the segments after it begin where the MP4 demuxer
/// expects them.
///
/// The MP4 demuxer finds a fragment's samples at positions its `moof` gives, counted from the
/// fragment's start, and the next fragment right after the last one; libavformat's HLS demuxer
/// hands it the segments one after the other. A glimpse cut short would have it read the next
/// segment's bytes as the samples of the one glimpsed. The samples of the glimpse after its first
/// bytes are zeros, which no rendition plays: the demuxer learns the streams from the first ones.
///
/// The connection stays the one the network watch opened: its reads, its error and its byte count
/// are the glimpse's. Close the context with ``close(_:)``, which gives the connection back for its
/// owner to close.
enum PaddedInput {
    private final class Reader {
        let connection: UnsafeMutablePointer<AVIOContext>
        /// The bytes left to give, of the segment's length.
        var remaining: Int64
        /// Whether the connection gave all it had: zeros follow.
        var ended = false

        init(_ connection: UnsafeMutablePointer<AVIOContext>, length: Int64) {
            self.connection = connection
            self.remaining = length
        }
    }

    private static let bufferSize: Int32 = 32 * 1024

    /// A context reading `connection`, then zeros up to `length` bytes in all; `nil` when out of
    /// memory.
    static func open(_ connection: UnsafeMutablePointer<AVIOContext>, length: Int64)
        -> UnsafeMutablePointer<AVIOContext>?
    {
        CallbackInput.open(Reader(connection, length: length), bufferSize: bufferSize, read: read, seek: nil)
    }

    /// Frees `context`, one ``open(_:length:)`` made, and returns the connection it read.
    static func close(_ context: UnsafeMutablePointer<AVIOContext>) -> UnsafeMutablePointer<AVIOContext>? {
        CallbackInput.close(context, as: Reader.self)?.connection
    }

    private static let read:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
            opaque, buffer, size in
            guard let opaque, let buffer, size > 0, let reader = CallbackInput.owner(opaque, as: Reader.self)
            else { return cffmpeg_averror(EINVAL) }
            guard reader.remaining > 0 else { return cffmpeg_error_eof() }
            let wanted = Int32(min(Int64(size), reader.remaining))
            if !reader.ended {
                let count = avio_read(reader.connection, buffer, wanted)
                if count > 0 {
                    reader.remaining -= Int64(count)
                    return count
                }
                // NB: the end of the bytes asked for, or a failure: either way, nothing more comes
                // from the connection, and its error stays on it for the watch.
                reader.ended = true
            }
            buffer.initialize(repeating: 0, count: Int(wanted))
            reader.remaining -= Int64(wanted)
            return wanted
        }
}
