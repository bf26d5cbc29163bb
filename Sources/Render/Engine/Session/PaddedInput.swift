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
/// When the connection does not say how long the segment is (a server that sends it in chunks,
/// whole, whatever range was asked for), its length is where the boxes of the glimpse end
/// (``MP4Boxes/end(ofBoxesBeginning:limit:)``): the `mdat` a `moof` comes before says how long the
/// samples are, and a fragment's boxes are all a segment holds.
///
/// The connection stays the one the network watch opened: its reads, its error and its byte count
/// are the glimpse's. Close the context with ``close(_:)``, which gives the connection back for its
/// owner to close.
enum PaddedInput {
    private final class Reader {
        let connection: UnsafeMutablePointer<AVIOContext>
        /// The bytes left to give, of the segment's length; `nil` while it is not known.
        var remaining: Int64?
        /// While the segment's length is not known: the bytes read, whose boxes say it once the
        /// connection ends.
        var read: [UInt8] = []
        /// Whether the connection gave all it had: zeros follow.
        var ended = false

        init(_ connection: UnsafeMutablePointer<AVIOContext>, length: Int64?) {
            self.connection = connection
            self.remaining = length
        }
    }

    private static let bufferSize: Int32 = 32 * 1024

    /// The most bytes a segment whose length the connection does not give is taken to have: a box
    /// said to end further is no fragment of a stream's segment.
    static let longestUnknownLength = 64 << 20

    /// A context reading `connection`, then zeros up to `length` bytes in all (`nil`: as far as the
    /// boxes read say); `nil` when out of memory.
    static func open(_ connection: UnsafeMutablePointer<AVIOContext>, length: Int64?)
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
            if !reader.ended {
                let wanted = Int32(min(Int64(size), reader.remaining ?? Int64(size)))
                let count = wanted > 0 ? avio_read(reader.connection, buffer, wanted) : 0
                if count > 0 {
                    if let remaining = reader.remaining {
                        reader.remaining = remaining - Int64(count)
                    } else {
                        reader.read += UnsafeBufferPointer(start: buffer, count: Int(count))
                    }
                    return count
                }
                // NB: the end of the bytes asked for, or a failure: either way, nothing more comes
                // from the connection, and its error stays on it for the watch.
                reader.ended = true
                if reader.remaining == nil {
                    let end = MP4Boxes.end(ofBoxesBeginning: reader.read, limit: longestUnknownLength)
                    reader.remaining = Int64(max(0, (end ?? 0) - reader.read.count))
                    reader.read = []
                }
            }
            let remaining = reader.remaining ?? 0
            guard remaining > 0 else { return cffmpeg_error_eof() }
            let wanted = Int32(min(Int64(size), remaining))
            buffer.initialize(repeating: 0, count: Int(wanted))
            reader.remaining = remaining - Int64(wanted)
            return wanted
        }
}
