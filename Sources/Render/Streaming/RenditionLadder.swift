import CFFmpeg

/// The renditions of an opened HLS master playlist and the streams each one plays.
///
/// libavformat's HLS demuxer makes each variant a program and fetches a variant playlist's segments
/// only while one of its streams is wanted (not discarded) in a wanted program; ``enable(_:in:)``
/// says which.
struct RenditionLadder: Sendable {
    struct Entry: Sendable {
        var rendition: Rendition
        /// Every stream of the variant: its own and those of the audio renditions it refers to.
        var streams: Set<Int>
        /// The tracks of those streams.
        var tracks: [MediaTrack]
        var video: Int?
        var audio: [Int]
        /// Equal for renditions whose streams one decoder can go on decoding across a switch (the
        /// same codecs, the same sound format); others need the item opened anew.
        var spliceKey: String
    }

    /// Every playable variant, in the master playlist's order.
    let entries: [Entry]

    /// The ladder of `source`, or `nil` unless it is an HLS stream of two variants or more.
    init?(source: MediaSource, tracks: [MediaTrack]) {
        let context = source.pointer.pointee
        guard String(cString: context.iformat.pointee.name) == "hls", context.nb_programs > 1,
            let programs = context.programs
        else { return nil }
        let playable = Dictionary(uniqueKeysWithValues: tracks.map { ($0.index, $0) })
        var entries: [Entry] = []
        for position in 0..<Int(context.nb_programs) {
            guard let program = programs[position]?.pointee, let indices = program.stream_index else {
                continue
            }
            let streams = (0..<Int(program.nb_stream_indexes)).map { Int(indices[$0]) }
            let video = streams.first { playable[$0]?.kind == .video && playable[$0]?.isSupported == true }
            let audio = streams.filter { playable[$0]?.kind == .audio && playable[$0]?.isSupported == true }
            guard video != nil || !audio.isEmpty else { continue }
            let size = video.flatMap { source.stream($0)?.pointee.codecpar?.pointee }
            let bitRate = av_dict_get(program.metadata, "variant_bitrate", nil, 0).flatMap { entry in
                entry.pointee.value.flatMap { Int(String(cString: $0)) }
            }
            let rendition = Rendition(
                id: Int(program.id), width: size.map { Int($0.width) }, height: size.map { Int($0.height) },
                bitRate: bitRate.flatMap { $0 > 0 ? $0 : nil },
                codecs: ([video].compactMap { $0 } + audio.prefix(1)).compactMap { playable[$0]?.codecName })
            entries.append(
                Entry(
                    rendition: rendition, streams: Set(streams),
                    tracks: tracks.filter { streams.contains($0.index) }, video: video, audio: audio,
                    spliceKey: Self.spliceKey(source: source, video: video, audio: audio.first)))
        }
        guard entries.count > 1 else { return nil }
        self.entries = entries
    }

    /// Every rendition, in the master playlist's order.
    var renditions: [Rendition] { entries.map(\.rendition) }

    func entry(_ id: Int) -> Entry? { entries.first { $0.rendition.id == id } }

    /// The rendition `quality` starts with.
    func start(for quality: Quality) -> Entry {
        if case .fixed(let id) = quality, let chosen = entry(id) { return chosen }
        return Rendition.start(of: renditions).flatMap { entry($0.id) } ?? entries[0]
    }

    /// Lets the demuxer read `streams` of the renditions `ids` only, so that it fetches only the
    /// segments of their playlists (a variant's, an audio rendition's).
    func enable(_ ids: Set<Int>, streams: Set<Int>, in source: MediaSource) {
        for index in 0..<source.streamCount {
            source.stream(index)?.pointee.discard =
                streams.contains(index) ? AVDISCARD_DEFAULT : AVDISCARD_ALL
        }
        let context = source.pointer.pointee
        guard let programs = context.programs else { return }
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
