import CFFmpeg

/// The segments an item's demuxers fetched whole most recently, by URL, so that a container
/// opened anew reads them from memory instead of fetching them again.
///
/// A ladder opened anew (a live switch, a step down taking over the next segment, a seek that
/// reopens) begins at the segment holding the position, which the container before often fetched
/// whole already: that segment of a separate sound rendition, which it fetches again, and the
/// glimpse of the rendition left, which comes at that rendition's own rate, slow as it may be.
///
/// Only segments read to their end through a connection of their own are kept (not a range of a
/// file, not a segment whose times are moved, not a glimpse), up to ``largestSegment`` bytes each
/// and ``capacity`` in all, the oldest given up first, and for ``lifetime`` seconds since they
/// were last fetched or read: some live servers name their segments in a ring, and a name comes
/// back, for other media, once its segment has long left the playlist. A short stream that loops
/// reads its segments again every pass, and so keeps them all.
final class KeptSegments: Sendable {
    /// Bytes kept in all.
    static let capacity = 8 << 20
    /// The largest segment kept.
    static let largestSegment = 4 << 20
    /// Seconds a segment is kept after it was last fetched or read.
    static let lifetime = 10.0

    private let kept = Locked<[(url: String, bytes: [UInt8], at: Double)]>([])
    /// The clock the segments' ages are read on.
    private let now: @Sendable () -> Double

    init(now: @escaping @Sendable () -> Double = monotonicSeconds) {
        self.now = now
    }

    /// The bytes of the segment at `url`, when it is kept.
    func bytes(of url: String) -> [UInt8]? {
        let now = now()
        return kept.withLock { kept in
            kept.removeAll { now - $0.at > Self.lifetime }
            guard let index = kept.lastIndex(where: { $0.url == url }) else { return nil }
            kept[index].at = now
            return kept[index].bytes
        }
    }

    /// Keeps `bytes`, the whole segment at `url`, as the most recent.
    func keep(_ bytes: [UInt8], of url: String) {
        guard bytes.count <= Self.largestSegment else { return }
        let now = now()
        kept.withLock { kept in
            kept.removeAll { $0.url == url || now - $0.at > Self.lifetime }
            kept.append((url, bytes, now))
            var total = kept.reduce(0) { $0 + $1.bytes.count }
            while total > Self.capacity, let oldest = kept.first {
                total -= oldest.bytes.count
                kept.removeFirst()
            }
        }
    }

    /// The bytes a segment's fetch gives when they are asked for up to `end` (a glimpse): its
    /// first `end`, then zeros up to its length when `keepsLength` (``PaddedInput``).
    static func glimpse(of bytes: [UInt8], end: Int, keepsLength: Bool) -> [UInt8] {
        let first = Array(bytes.prefix(max(0, end)))
        guard keepsLength else { return first }
        return first + [UInt8](repeating: 0, count: bytes.count - first.count)
    }
}

/// An `AVIOContext` that reads a segment's connection on the demuxer's behalf and keeps what it
/// read in ``KeptSegments`` when the segment was read to its end without a failure.
///
/// The connection stays the one the network watch opened: its reads, its error and its byte count
/// are the segment's. Close the context with ``close(_:)``, which gives the connection back for its
/// owner to close.
enum KeepingInput {
    private final class Reader {
        let connection: UnsafeMutablePointer<AVIOContext>
        let url: String
        let segments: KeptSegments
        /// What was read; `nil` once it is more than a segment kept may be.
        var read: [UInt8]? = []
        /// Whether the connection reached its end without a failure.
        var whole = false

        init(_ connection: UnsafeMutablePointer<AVIOContext>, url: String, segments: KeptSegments) {
            self.connection = connection
            self.url = url
            self.segments = segments
        }
    }

    private static let bufferSize: Int32 = 32 * 1024

    /// A context reading `connection`, the segment at `url`, for `segments` to keep; `nil` when
    /// out of memory.
    static func open(_ connection: UnsafeMutablePointer<AVIOContext>, url: String, segments: KeptSegments)
        -> UnsafeMutablePointer<AVIOContext>?
    {
        CallbackInput.open(
            Reader(connection, url: url, segments: segments), bufferSize: bufferSize, read: read, seek: nil)
    }

    /// Frees `context`, one ``open(_:url:segments:)`` made, keeps the segment when it was read
    /// whole, and returns the connection it read.
    static func close(_ context: UnsafeMutablePointer<AVIOContext>) -> UnsafeMutablePointer<AVIOContext>? {
        guard let reader = CallbackInput.close(context, as: Reader.self) else { return nil }
        let length = avio_size(reader.connection)
        if reader.whole, let read = reader.read, length <= 0 || length == Int64(read.count) {
            reader.segments.keep(read, of: reader.url)
        }
        return reader.connection
    }

    private static let read:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
            opaque, buffer, size in
            guard let opaque, let buffer, size > 0, let reader = CallbackInput.owner(opaque, as: Reader.self)
            else { return cffmpeg_averror(EINVAL) }
            let count = avio_read(reader.connection, buffer, size)
            if count > 0, let kept = reader.read?.count {
                if kept + Int(count) > KeptSegments.largestSegment {
                    reader.read = nil
                } else {
                    reader.read?.append(contentsOf: UnsafeBufferPointer(start: buffer, count: Int(count)))
                }
            } else if count == cffmpeg_error_eof(), reader.connection.pointee.error == 0 {
                reader.whole = true
            }
            return count
        }
}
