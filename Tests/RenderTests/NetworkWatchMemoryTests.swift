import CFFmpeg
import Foundation
import Testing

@testable import VideoPlayerRender

/// Documents the network watch holds in memory (a manifest already read, a playlist lent while a
/// live stream opens anew), given to the demuxer in place of a fetch.
struct NetworkWatchMemoryTests {
    /// A container opened with no input of its own has `avformat_open_input` open one through the
    /// watch; a document the watch holds for that URL is then given as a context libavformat
    /// frees itself, with `avio_close`, when the container closes. One of the watch's own kind
    /// made that close read the watch's reader as a connection, and crash.
    @Test func aDocumentInMemoryGivenAsTheContainersOwnInputIsFreedWithIt() throws {
        let url = "http://127.0.0.1:9/tone.wav"
        let bytes = [UInt8](HandmadeWAV(channels: 1, seconds: 0.1).data)
        let watch = NetworkWatch(location: url, timeout: 1, prefetched: (url, bytes))
        var context = avformat_alloc_context()
        watch.install(on: try #require(context))
        try withExtendedLifetime(watch) {
            let code = avformat_open_input(&context, url, nil, nil)
            #expect(code >= 0, "\(ffmpegErrorString(code))")
            let opened = try #require(context)
            #expect(opened.pointee.nb_streams == 1)
            #expect(opened.pointee.flags & AVFMT_FLAG_CUSTOM_IO == 0)
            avformat_close_input(&context)
        }
        #expect(context == nil)
    }
}
