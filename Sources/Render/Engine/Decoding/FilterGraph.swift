import CFFmpeg

/// A libavfilter graph with one source and one sink, built from a filter description string: the
/// source is a buffer frames are pushed into, or, for a generator graph, its own first filter.
///
/// > Important: used by one thread at a time; freed in `deinit`.
package final class FilterGraph {
    /// libavfilter's functions, from the library opened the first time a graph is built: it is not
    /// linked (see `cffmpeg_avfilter` in the CFFmpeg shim). A loaded table has every entry set.
    private static let library: Result<cffmpeg_avfilter, PlayerError> = {
        var failure: UnsafePointer<CChar>?
        guard let table = cffmpeg_avfilter_open(&failure) else {
            let name = String(cString: cffmpeg_avfilter_library_name())
            let reason = failure.map { String(cString: $0) } ?? "unknown"
            return .failure(.unsupportedFormat("filters need \(name), which cannot be loaded: \(reason)"))
        }
        return .success(table.pointee)
    }()

    private let avfilter: cffmpeg_avfilter
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private let source: UnsafeMutablePointer<AVFilterContext>?
    private let sink: UnsafeMutablePointer<AVFilterContext>

    /// Builds `description -> sink` for a graph that makes its own frames from a source filter,
    /// such as `mandelbrot` or `aevalsrc`: frames are only pulled.
    ///
    /// - Throws: ``PlayerError/invalidArgument(_:)`` when libavfilter cannot build it,
    ///   ``PlayerError/unsupportedFormat(_:)`` when libavfilter cannot be opened.
    package convenience init(generator description: String, audio: Bool) throws(PlayerError) {
        try self.init(description: description, audio: audio, sourceArguments: nil)
    }

    /// Builds `source -> description -> sink`, or `description -> sink` without source arguments.
    ///
    /// - Parameters:
    ///   - audio: whether the graph carries audio (`abuffer`/`abuffersink`) or video.
    ///   - sourceArguments: the buffer source's parameters ("video_size=...:pix_fmt=..."); `nil`
    ///     for a graph whose first filter makes the frames.
    init(description: String, audio: Bool, sourceArguments: String?, configures: Bool = true)
        throws(PlayerError)
    {
        let avfilter = try Self.library.get()
        self.avfilter = avfilter
        guard let graph = avfilter.graph_alloc() else { throw PlayerError.invalidArgument("filter graph") }
        self.graph = graph
        var sourceContext: UnsafeMutablePointer<AVFilterContext>?
        var sinkContext: UnsafeMutablePointer<AVFilterContext>?
        let fail = { (code: Int32, operation: String) throws(PlayerError) in
            guard code < 0 else { return }
            throw PlayerError.invalidArgument("\(operation) '\(description)': \(ffmpegErrorString(code))")
        }
        var failure: PlayerError?
        do throws(PlayerError) {
            if let sourceArguments {
                try fail(
                    avfilter.graph_create_filter(
                        &sourceContext, avfilter.get_by_name(audio ? "abuffer" : "buffer"), "in",
                        sourceArguments, nil, graph), "source")
            }
            try fail(
                avfilter.graph_create_filter(
                    &sinkContext, avfilter.get_by_name(audio ? "abuffersink" : "buffersink"), "out", nil,
                    nil,
                    graph), "sink")
            guard sourceArguments == nil || sourceContext != nil, let sinkContext else {
                throw PlayerError.invalidArgument(description)
            }
            // NB: parsing consumes the lists and leaves what it did not link in the same variables,
            // so only what remains afterwards is freed.
            var outputs = avfilter.inout_alloc()
            var inputs = avfilter.inout_alloc()
            defer {
                avfilter.inout_free(&outputs)
                avfilter.inout_free(&inputs)
            }
            guard let outputList = outputs, let inputList = inputs else {
                throw PlayerError.invalidArgument(description)
            }
            if let sourceContext {
                outputList.pointee.name = av_strdup("in")
                outputList.pointee.filter_ctx = sourceContext
            } else {
                avfilter.inout_free(&outputs)
            }
            inputList.pointee.name = av_strdup("out")
            inputList.pointee.filter_ctx = sinkContext
            try fail(avfilter.graph_parse_ptr(graph, description, &inputs, &outputs, nil), "parsing")
            if configures { try fail(avfilter.graph_config(graph, nil), "configuring") }
        } catch {
            failure = error
        }
        guard failure == nil, sourceArguments == nil || sourceContext != nil, let sinkContext else {
            avfilter.graph_free(&self.graph)
            throw failure ?? PlayerError.invalidArgument(description)
        }
        source = sourceContext
        sink = sinkContext
    }

    deinit {
        avfilter.graph_free(&graph)
    }

    /// Checks that `description` is a chain of video filters libavfilter knows, with options they
    /// take, without building it for a picture: what depends on the picture (a crop larger than
    /// it) can still fail when it meets one. Returns the chain without the blanks around it.
    static func checkedVideoChain(_ description: String) throws(PlayerError) -> String {
        let trimmed = description.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw .invalidArgument("a video filter needs a name, such as \"hflip\"")
        }
        guard !trimmed.contains(";"), !trimmed.contains("[") else {
            throw .invalidArgument(
                "'\(description)' is not a chain: filters stack one after another, without ';' or pad labels")
        }
        _ = try FilterGraph(
            description: trimmed, audio: false,
            sourceArguments: "video_size=16x16:pix_fmt=0:time_base=1/25:pixel_aspect=1/1", configures: false)
        return trimmed
    }

    /// Feeds a frame (a new reference is taken; `frame` stays valid); `nil` signals the end. A
    /// generator graph takes none.
    func push(_ frame: UnsafeMutablePointer<AVFrame>?) -> Bool {
        guard let source else { return false }
        return avfilter.buffersrc_write_frame(source, frame) >= 0
    }

    /// Takes the next filtered frame into `frame`; `false` when the graph needs more input, or a
    /// generator has ended.
    package func pull(into frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        avfilter.buffersink_get_frame(sink, frame) >= 0
    }

    /// The sink's time base, for the timestamps of pulled frames.
    package var outputTimeBase: AVRational { avfilter.buffersink_get_time_base(sink) }
}
