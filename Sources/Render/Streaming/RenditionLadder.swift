import CFFmpeg

/// The renditions of an opened multi-rendition stream (an HLS master playlist's variants, a DASH
/// manifest's video representations) and the streams each one plays.
///
/// libavformat's HLS demuxer makes each variant a program and fetches a variant playlist's segments
/// only while one of its streams is wanted (not discarded) in a wanted program; its DASH demuxer
/// reads a representation only while its stream is wanted. ``enable(_:streams:in:)`` says which.
struct RenditionLadder: Sendable {
    struct Entry: Sendable {
        var rendition: Rendition
        /// Every stream of the rendition: its own and those of the sound it may play with.
        var streams: Set<Int>
        /// The tracks of those streams.
        var tracks: [MediaTrack]
        var video: Int?
        var audio: [Int]
        /// Equal for renditions whose streams one decoder can go on decoding across a switch (the
        /// same codecs, the same sound format); others need the item opened anew.
        var spliceKey: String
    }

    /// Which demuxer reads the stream: they differ in when a stream no longer wanted stops.
    enum Kind: Sendable {
        /// A variant no longer wanted is read to the end of the segment it is in.
        case hls
        /// A representation no longer wanted stops at once.
        case dash
    }

    let kind: Kind
    /// Every playable rendition, in the master playlist's or the manifest's order.
    let entries: [Entry]

    /// The ladder of `source`, or `nil` unless it is an HLS stream of two variants or more, or a
    /// DASH stream of two video representations or more.
    init?(source: MediaSource, tracks: [MediaTrack]) {
        let context = source.pointer.pointee
        switch String(cString: context.iformat.pointee.name) {
        case "hls" where context.nb_programs > 1:
            guard let programs = context.programs else { return nil }
            kind = .hls
            let variants = (0..<Int(context.nb_programs)).compactMap { position in
                programs[position].map { program in
                    (
                        program: program.pointee,
                        streams: (0..<Int(program.pointee.nb_stream_indexes)).map {
                            Int(program.pointee.stream_index[$0])
                        }
                    )
                }
            }
            // NB: a variant whose own playlist failed keeps the streams of the audio renditions it
            // plays with, which other variants share: it has no stream of its own, and is left out.
            let shared = Dictionary(variants.flatMap(\.streams).map { ($0, 1) }, uniquingKeysWith: +)
            entries = variants.compactMap { program, streams in
                guard streams.contains(where: { shared[$0] == 1 }) else { return nil }
                return Self.entry(
                    id: Int(program.id), streams: streams, tracks: tracks, source: source,
                    bitRate: Self.bitRate(program.metadata))
            }
        case "dash":
            kind = .dash
            let sound = tracks.filter { $0.kind == .audio && $0.isSupported }.map(\.index)
            entries = tracks.filter { $0.kind == .video && $0.isSupported }.compactMap { video in
                Self.entry(
                    id: video.index, streams: [video.index] + sound, tracks: tracks, source: source,
                    bitRate: source.stream(video.index).flatMap { Self.bitRate($0.pointee.metadata) })
            }
        default:
            return nil
        }
        guard entries.count > 1 else { return nil }
    }

    /// The rendition of `streams`, or `nil` when none of them plays.
    private static func entry(
        id: Int, streams: [Int], tracks: [MediaTrack], source: MediaSource, bitRate: Int?
    ) -> Entry? {
        let own = tracks.filter { streams.contains($0.index) }
        let video = own.first { $0.kind == .video && $0.isSupported }?.index
        let audio = own.filter { $0.kind == .audio && $0.isSupported }.map(\.index)
        guard video != nil || !audio.isEmpty else { return nil }
        let size = video.flatMap { source.stream($0)?.pointee.codecpar?.pointee }
        let rendition = Rendition(
            id: id, width: size.map { Int($0.width) }, height: size.map { Int($0.height) },
            bitRate: bitRate.flatMap { $0 > 0 ? $0 : nil },
            codecs: ([video].compactMap { $0 } + audio.prefix(1)).compactMap { index in
                own.first { $0.index == index }?.codecName
            })
        return Entry(
            rendition: rendition, streams: Set(streams), tracks: own, video: video, audio: audio,
            spliceKey: spliceKey(source: source, video: video, audio: audio.first))
    }

    /// The "variant_bitrate" the demuxer wrote in `metadata` (an HLS variant's `BANDWIDTH`, a DASH
    /// representation's `bandwidth`).
    private static func bitRate(_ metadata: OpaquePointer?) -> Int? {
        av_dict_get(metadata, "variant_bitrate", nil, 0).flatMap { entry in
            entry.pointee.value.flatMap { Int(String(cString: $0)) }
        }
    }

    /// Every rendition, in the master playlist's order.
    var renditions: [Rendition] { entries.map(\.rendition) }

    func entry(_ id: Int) -> Entry? { entries.first { $0.rendition.id == id } }

    /// The renditions that can follow `entry` in the same decoders (`entry`'s own included), in
    /// the master playlist's order, leaving out those in `failed`.
    func interchangeable(with entry: Entry, except failed: Set<Int> = []) -> [Rendition] {
        entries.filter { $0.spliceKey == entry.spliceKey && !failed.contains($0.rendition.id) }.map(
            \.rendition)
    }

    /// The rendition `quality` starts with; `.auto` leaves out those larger than a view of
    /// `viewSize` filled with `gravity` needs.
    func start(for quality: Quality, viewSize: Size? = nil, gravity: VideoGravity = .fit) -> Entry {
        if case .fixed(let id) = quality, let chosen = entry(id) { return chosen }
        let fitting = AdaptiveQuality.fitting(renditions, in: viewSize, gravity: gravity)
        return Rendition.start(of: fitting).flatMap { entry($0.id) } ?? entries[0]
    }

    /// Lets the demuxer read `streams` of the renditions `ids` only, so that it fetches only the
    /// segments of their playlists (a variant's, an audio rendition's).
    func enable(_ ids: Set<Int>, streams: Set<Int>, in source: MediaSource) {
        source.readOnly(streams)
        let context = source.pointer.pointee
        // NB: a DASH stream's one program holds every representation.
        guard kind == .hls, let programs = context.programs else { return }
        for position in 0..<Int(context.nb_programs) {
            guard let program = programs[position] else { continue }
            program.pointee.discard =
                ids.contains(Int(program.pointee.id)) ? AVDISCARD_DEFAULT : AVDISCARD_ALL
        }
    }

    /// The stream index of `entry`'s sound in `language` (that of the sound playing before), else
    /// of its first sound.
    static func sound(of entry: Entry, like language: String?) -> Int? {
        entry.audio.first { index in entry.tracks.first { $0.index == index }?.language == language }
            ?? entry.audio.first
    }

    private static func spliceKey(source: MediaSource, video: Int?, audio: Int?) -> String {
        let parameters = [video, audio].map { $0.flatMap { source.stream($0)?.pointee.codecpar?.pointee } }
        let videoKey = parameters[0].map { "\($0.codec_id.rawValue)" } ?? "-"
        let audioKey =
            parameters[1].map { "\($0.codec_id.rawValue)/\($0.sample_rate)/\($0.ch_layout.nb_channels)" }
            ?? "-"
        return videoKey + "|" + audioKey
    }
}
