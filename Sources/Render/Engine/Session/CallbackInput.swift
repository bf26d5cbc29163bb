import CFFmpeg

/// An `AVIOContext` whose reads (and seeks, when given) are Swift functions of an object it
/// holds: the context's `opaque` is that object, retained until ``close(_:as:)``.
enum CallbackInput {
    typealias Read = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32
    typealias Seek = @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64

    /// A context of `bufferSize` bytes of buffer reading through `read` (and `seek`) from
    /// `owner`; `nil` when out of memory.
    static func open(_ owner: AnyObject, bufferSize: Int32, read: Read, seek: Seek?)
        -> UnsafeMutablePointer<AVIOContext>?
    {
        guard let buffer = av_malloc(Int(bufferSize)) else { return nil }
        let opaque = Unmanaged.passRetained(owner).toOpaque()
        guard
            let context = avio_alloc_context(
                buffer.assumingMemoryBound(to: UInt8.self), bufferSize, 0, opaque, read, nil, seek)
        else {
            av_free(buffer)
            Unmanaged<AnyObject>.fromOpaque(opaque).release()
            return nil
        }
        return context
    }

    /// Frees `context`, one ``open(_:bufferSize:read:seek:)`` made, with its buffer, and gives
    /// back the object it held when that is an `Owner`.
    @discardableResult
    static func close<Owner: AnyObject>(_ context: UnsafeMutablePointer<AVIOContext>, as _: Owner.Type)
        -> Owner?
    {
        let owner = context.pointee.opaque.map { Unmanaged<AnyObject>.fromOpaque($0).takeRetainedValue() }
        av_freep(&context.pointee.buffer)
        var doomed: UnsafeMutablePointer<AVIOContext>? = context
        avio_context_free(&doomed)
        return owner as? Owner
    }

    /// Copies up to `size` of `bytes` from `position` into `buffer` for a read, and moves
    /// `position` past them; returns how many, or end of file when none are left.
    static func copy(
        _ bytes: [UInt8], from position: inout Int, into buffer: UnsafeMutablePointer<UInt8>, size: Int32
    ) -> Int32 {
        let count = min(Int(size), bytes.count - position)
        guard count > 0 else { return cffmpeg_error_eof() }
        bytes.withUnsafeBufferPointer { bytes in
            if let base = bytes.baseAddress { buffer.update(from: base + position, count: count) }
        }
        position += count
        return Int32(count)
    }

    /// The object `opaque` (a context's, in its callbacks) is, unretained.
    static func owner<Owner: AnyObject>(_ opaque: UnsafeMutableRawPointer, as _: Owner.Type) -> Owner? {
        Unmanaged<AnyObject>.fromOpaque(opaque).takeUnretainedValue() as? Owner
    }
}
