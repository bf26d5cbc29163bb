import CFFmpeg
import Foundation
import Logging

/// Reads a playlist over libavformat's protocols (HTTP, HTTPS, files), with a read timeout and an
/// interrupt, for the player's own reading of a live stream's playlists.
enum HLSPlaylistFetch {
    /// The playlist at `url`, parsed.
    ///
    /// - Throws: the network failure, `.unsupportedFormat` for text that is not a playlist or one
    ///   longer than ``HLSPlaylist/byteLimit``.
    static func playlist(
        at url: String, timeout: Double, interrupt: InterruptGuard, counter: ByteCounter? = nil
    ) throws(PlayerError) -> HLSPlaylist {
        let bytes = try read(url, timeout: timeout, interrupt: interrupt, counter: counter)
        return try HLSPlaylist(parsing: String(decoding: bytes, as: UTF8.self), location: url)
    }

    /// The media playlist at `url`.
    ///
    /// - Throws: as ``playlist(at:timeout:interrupt:)``, and `.unsupportedFormat` for a master
    ///   playlist.
    static func mediaPlaylist(
        at url: String, timeout: Double, interrupt: InterruptGuard, counter: ByteCounter? = nil
    ) throws(PlayerError) -> HLSMediaPlaylist {
        guard
            case .media(let playlist) = try playlist(
                at: url, timeout: timeout, interrupt: interrupt, counter: counter)
        else {
            throw .unsupportedFormat("\(url) is a master playlist where a media playlist was expected")
        }
        return playlist
    }

    /// The bytes at `url` (those of `range` only, when given), at most `limit` of them (the
    /// default: ``HLSPlaylist/byteLimit``), each counted by `counter`; as
    /// ``fetch(_:timeout:interrupt:limit:counter:operation:range:)``.
    ///
    /// - Throws: the network failure; `.unsupportedFormat` when there are more than `limit` bytes.
    static func read(
        _ url: String, timeout: Double, interrupt: InterruptGuard, limit: Int = HLSPlaylist.byteLimit,
        counter: ByteCounter? = nil, operation: String = "loading the playlist",
        range: ClosedRange<Int64>? = nil
    ) throws(PlayerError) -> [UInt8] {
        try fetch(
            url, timeout: timeout, interrupt: interrupt, limit: limit, counter: counter, operation: operation,
            range: range
        ).bytes
    }

    /// The bytes at `url` (those of `range` only, when given: an HTTP range request), at most
    /// `limit` of them, each counted by `counter`, and the URL they were read from: where the
    /// redirects libavformat's HTTP reader followed led. A playlist read elsewhere comes with its
    /// URIs made absolute against that URL (``HLSPlaylist/rebased(_:onto:)``).
    ///
    /// - Throws: the network failure, or what failed `interrupt` (``InterruptGuard/fail(with:)``)
    ///   when that stopped it; `.unsupportedFormat` when there are more than `limit` bytes.
    static func fetch(
        _ url: String, timeout: Double, interrupt: InterruptGuard, limit: Int = HLSPlaylist.byteLimit,
        counter: ByteCounter? = nil, operation: String = "loading the playlist",
        range: ClosedRange<Int64>? = nil
    ) throws(PlayerError) -> (bytes: [UInt8], location: String) {
        if let bridge = DASHBridge.serving(url) {
            return (
                try bridge.document(at: url, timeout: timeout, interrupt: interrupt, counter: counter), url
            )
        }
        var (handle, opened) = open(
            url, flags: AVIO_FLAG_READ, timeout: timeout, interrupt: interrupt, range: range)
        defer { avio_closep(&handle) }
        guard opened >= 0, let context = handle else {
            throw interrupt.failure ?? PlayerError(ffmpegCode: opened, location: url, operation: operation)
        }
        var bytes: [UInt8] = []
        defer { counter?.add(bytes.count) }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBufferPointer {
                avio_read(context, $0.baseAddress, Int32($0.count))
            }
            if count == cffmpeg_error_eof() || count == 0 { break }
            guard count > 0 else {
                throw interrupt.failure ?? PlayerError(ffmpegCode: count, location: url, operation: operation)
            }
            bytes += chunk.prefix(Int(count))
            guard bytes.count <= limit else {
                throw .unsupportedFormat("\(url) is longer than \(limit) bytes (\(operation))")
            }
        }
        Logger.network.debug("\(operation): \(bytes.count) bytes of \(url)")
        // NB: where the redirects libavformat's HTTP reader followed led; nothing for other protocols.
        guard let location = protocolOption("location", of: context), location != url else {
            return (bytes, url)
        }
        Logger.network.debug("\(url) redirected to \(location)")
        guard bytes.starts(with: Array("#EXTM3U".utf8)) else { return (bytes, location) }
        return (
            Array(HLSPlaylist.rebased(String(decoding: bytes, as: UTF8.self), onto: location).utf8), location
        )
    }

    /// The pictures that subtitles fetched from a server name there, for one item: each read
    /// at most ``SubtitleImage/byteLimit`` bytes, within `timeout`, stopped by `interrupt`,
    /// counted by `counter`, then kept.
    static func pictures(
        timeout: Double, interrupt: InterruptGuard, counter: ByteCounter? = nil
    ) -> ServerPictures {
        ServerPictures { url throws(PlayerError) in
            try read(
                url, timeout: timeout, interrupt: interrupt, limit: SubtitleImage.byteLimit, counter: counter,
                operation: "loading a subtitle picture")
        }
    }

    /// A context of libavformat's protocols on `url`, opened with `flags`, whose connection and each
    /// read or write give up after `timeout` seconds or when `interrupt` stops them; `nil`, with
    /// libavformat's code, when it cannot be opened. Close it with `avio_closep`. With `range`, it
    /// reads those bytes only.
    static func open(
        _ url: String, flags: Int32, timeout: Double, interrupt: InterruptGuard,
        range: ClosedRange<Int64>? = nil
    ) -> (context: UnsafeMutablePointer<AVIOContext>?, code: Int32) {
        var options: OpaquePointer?
        if let range { setRange(range, in: &options) }
        av_dict_set(&options, "rw_timeout", String(Int64(timeout * 1_000_000)), 0)
        av_dict_set(&options, "timeout", String(Int64(timeout * 1_000_000)), 0)
        let cookies = HTTPCookieJar.shared.prepare(&options, for: url)
        var callback = interrupt.callback
        var context: UnsafeMutablePointer<AVIOContext>?
        let code = avio_open2(&context, url, flags, &callback, &options)
        av_dict_free(&options)
        if code >= 0, let context { HTTPCookieJar.shared.absorb(from: context, url: url, sent: cookies) }
        return (context, code)
    }

    /// Options of libavformat's HTTP protocol that ask for the bytes of `range` only.
    static func setRange(_ range: ClosedRange<Int64>, in options: UnsafeMutablePointer<OpaquePointer?>) {
        av_dict_set(options, "offset", String(range.lowerBound), 0)
        // NB: the offset the request ends before.
        av_dict_set(options, "end_offset", String(range.upperBound + 1), 0)
    }

    /// `uri` as an absolute URL, relative to the playlist at `base`.
    static func resolve(_ uri: String, against base: String) -> String {
        URL(string: uri, relativeTo: URL(string: base))?.absoluteString ?? uri
    }
}
