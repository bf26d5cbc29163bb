import CFFmpeg

/// An `AVIOContext` that reads a media segment through the connection that fetches it, with the
/// segment's media times moved (``MP4FragmentShift``) on the way: a segment of a DASH period that
/// ``DASHBridge`` puts on the presentation's time line.
///
/// The connection stays the one the network watch opened, times and counted: its reads, its
/// error and its byte count are the segment's. Close the context with ``close(_:)``, which gives
/// the connection back for its owner to close.
enum ShiftedInput {
    private final class Reader {
        let connection: UnsafeMutablePointer<AVIOContext>
        var shift: MP4FragmentShift
        /// Bytes moved and not read yet, from `position`.
        var pending: [UInt8] = []
        var position = 0
        var ended = false
        var chunk: [UInt8] = []

        init(_ connection: UnsafeMutablePointer<AVIOContext>, shift: MP4FragmentShift) {
            self.connection = connection
            self.shift = shift
        }
    }

    private static let bufferSize: Int32 = 32 * 1024

    /// A context reading `connection` with `shift` applied; `nil` when out of memory.
    static func open(_ connection: UnsafeMutablePointer<AVIOContext>, shift: MP4FragmentShift)
        -> UnsafeMutablePointer<AVIOContext>?
    {
        CallbackInput.open(Reader(connection, shift: shift), bufferSize: bufferSize, read: read, seek: nil)
    }

    /// Frees `context`, one ``open(_:shift:)`` made, and returns the connection it read.
    static func close(_ context: UnsafeMutablePointer<AVIOContext>) -> UnsafeMutablePointer<AVIOContext>? {
        CallbackInput.close(context, as: Reader.self)?.connection
    }

    private static let read:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
            opaque, buffer, size in
            guard let opaque, let buffer, size > 0, let reader = CallbackInput.owner(opaque, as: Reader.self)
            else { return cffmpeg_averror(EINVAL) }
            while reader.position == reader.pending.count, !reader.ended {
                if reader.chunk.count < Int(size) { reader.chunk = [UInt8](repeating: 0, count: Int(size)) }
                let count = reader.chunk.withUnsafeMutableBufferPointer {
                    avio_read(reader.connection, $0.baseAddress, size)
                }
                if count > 0 {
                    reader.pending = reader.shift.push(reader.chunk[0..<Int(count)])
                } else if count == 0 || count == cffmpeg_error_eof() {
                    reader.pending = reader.shift.finish()
                    reader.ended = true
                } else {
                    return count
                }
                reader.position = 0
            }
            return CallbackInput.copy(reader.pending, from: &reader.position, into: buffer, size: size)
        }
}
