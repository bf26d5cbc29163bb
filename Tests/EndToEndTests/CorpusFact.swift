/// Something a corpus file must show through the whole player: the "expected" column of
/// MANIFEST.tsv as facts a test can check. Files the table does not name must play to the end.
enum CorpusFact: Hashable, Sendable {
    /// Pictures reach the screen.
    case video
    /// Sound reaches the output.
    case audio
    /// No picture: the video area stays empty while the time advances.
    case noVideo
    /// No sound track, and no error about one.
    case noAudio
    /// The item's chapters are known.
    case chapters
    /// The subtitle overlay shows text.
    case subtitles
    /// One subtitle track is reported unsupported, and the rest plays.
    case unsupportedSubtitle
    /// One audio track is reported unsupported, and the video plays.
    case unsupportedAudio
    /// Many channels are mixed down to the output's two.
    case downmix
    /// Aspect-fit shows a picture taller than wide.
    case tall
    /// The display matrix turns or mirrors the picture.
    case displayMatrix
    /// The duration shown is the media's real one (the container claims more).
    case realDuration
    /// Either plays to the end or fails with a decode error shown in words.
    case mayFailToDecode

    /// The facts of each file, by its path in the corpus.
    static let byFile: [String: Set<CorpusFact>] = [
        "av/sample.mp4": [.video, .audio],
        "av/sample_portrait.mp4": [.video, .tall],
        "av/sample_rotate_and_reflect.mp4": [.video, .displayMatrix],
        "av/sample_video_only.mp4": [.video, .noAudio],
        "av/sample_audio_only.mp4": [.noVideo, .audio],
        "av/sample_with_chapters.mp4": [.video, .chapters],
        "av/sample_with_chapters.mkv": [.video, .chapters],
        "av/sample_fragmented.mp4": [.video, .realDuration],
        "av/sample_with_srt.mkv": [.video, .subtitles],
        "av/sample_with_ssa_subtitles.mkv": [.video, .subtitles],
        "av/sample_with_vtt_subtitles.mkv": [.video, .audio, .unsupportedSubtitle],
        "av/bbb_960x540_60fps_vp8.webm": [.video, .downmix],
        "av/bear_vorbis.ogg": [.noVideo, .audio],
        "av/bbb_6ch_8kHz_opus.ogg": [.noVideo, .downmix],
        "av/invalid-bitstream.webm": [.mayFailToDecode],
        "av/sample_missing_stsd.mp4": [.video, .unsupportedAudio],
        "hls/multi-segment/playlist.m3u8": [.video],
    ]

    /// Seconds of media for files whose probe column gives none: the fragmented file's real length
    /// (its container claims 143165 s), and what ffprobe reads for the others.
    static let durations: [String: Double] = [
        "av/sample_fragmented.mp4": 1.0,
        "av/invalid-bitstream.webm": 2.0,
        "av/sample_mdat_too_long.mp4": 1.024,
        "av/sample_missing_stsd.mp4": 1.024,
    ]
}
