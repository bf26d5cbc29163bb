import VideoPlayerRender

/// What `TestMedia.encode(_:to:)` writes: a synthetic clip whose every picture and sound can be
/// identified after decoding, for tests, benchmarks and the demos' built-in samples.
///
/// Picture `n` is a solid colour, `TestMedia.colour(forFrame: n)`, with `n` written in binary as a
/// row of black and white blocks along the bottom eighth (see `TestMedia.frameNumber(fromRGB:width:height:)`).
/// At every instant of `syncMarks` the picture turns white and the sound clicks, so a player's
/// audio/video offset can be measured.
///
/// > Important: width and height must be even and at least 32; the frame number survives lossy
/// > compression reliably from about 160 pixels wide.
public struct ClipSpec: Hashable, Sendable {
    /// A frame rate as a fraction, such as 30 or 30000/1001.
    public struct FrameRate: Hashable, Sendable, ExpressibleByIntegerLiteral {
        /// Frames per `denominator` seconds.
        public var numerator: Int
        /// Seconds the `numerator` frames take.
        public var denominator: Int

        /// A rate of `numerator / denominator` frames per second.
        public init(_ numerator: Int, _ denominator: Int = 1) {
            self.numerator = numerator
            self.denominator = denominator
        }

        /// A whole number of frames per second.
        public init(integerLiteral value: Int) {
            self.init(value)
        }

        /// Frames per second.
        public var value: Double { Double(numerator) / Double(denominator) }
    }

    /// The video encoder to use.
    public enum VideoCodec: String, Hashable, Sendable {
        /// H.264 with libx264 (yuv420p); falls back to MPEG-4 part 2 when libx264 is missing.
        case h264
        /// MPEG-4 part 2 with FFmpeg's own encoder.
        case mpeg4
    }

    /// What the pictures show.
    public enum Picture: Hashable, Sendable {
        /// Numbered solid colours, flashing at the sync marks: what tests read back.
        case pattern
        /// The frames of a libavfilter video source graph, such as
        /// `"mandelbrot=size=640x360,hue=H=t/4"` or `"life=mold=10:life_color=#ffca28"`, brought to
        /// the clip's rate and size: samples that look like video. No frame number is written in
        /// them, and the sync marks do not flash them.
        case filter(String)
    }

    /// The audio encoder to use; the container follows the file's extension.
    public enum AudioCodec: String, Hashable, Sendable, CaseIterable {
        /// AAC with FFmpeg's own encoder.
        case aac
        /// Signed 16-bit little-endian PCM (what a .wav file holds); also in Matroska and MOV.
        case pcm
        /// FLAC, lossless.
        case flac
        /// Opus with libopus; 48 kHz only (Opus carries other rates as 48 kHz).
        case opus
    }

    /// A sine tone on every channel, AAC-encoded unless another codec is chosen.
    public struct Tone: Hashable, Sendable {
        /// Pitch in hertz; 0 writes silence (the sync clicks are still written).
        public var frequency: Double
        /// Samples per second.
        public var sampleRate: Int
        /// Number of channels, each carrying the same tone.
        public var channels: Int
        /// Peak level of the tone, 0...1; the clicks are louder (see `TestMedia.clickLevel`).
        public var amplitude: Double
        /// How the tone is encoded.
        public var codec: AudioCodec
        /// Seconds the sound lasts, when it stops before the picture does; `nil` for the whole clip.
        public var duration: Double?
        /// The track's language (ISO 639, such as "eng"), written in its metadata.
        public var language: String?
        /// A libavfilter audio source graph that makes the sound in place of the sine, such as an
        /// `aevalsrc` expression of a chord; it is brought to the tone's rate and channels, and
        /// the sync marks do not click over it. `nil`: the sine.
        public var generator: String?

        /// A tone of `frequency` hertz.
        public init(
            frequency: Double = 440, sampleRate: Int = 48_000, channels: Int = 2, amplitude: Double = 0.25,
            codec: AudioCodec = .aac, duration: Double? = nil, language: String? = nil,
            generator: String? = nil
        ) {
            self.frequency = frequency
            self.sampleRate = sampleRate
            self.channels = channels
            self.amplitude = amplitude
            self.codec = codec
            self.duration = duration
            self.language = language
            self.generator = generator
        }
    }

    /// Picture width in pixels (even).
    public var width: Int
    /// Picture height in pixels (even); larger than `width` for a portrait clip.
    public var height: Int
    /// Pictures per second.
    public var frameRate: FrameRate
    /// Length of the clip in seconds.
    public var duration: Double
    /// Distance between keyframes, in frames; every `gopFrames`-th picture (from 0) is a keyframe.
    public var gopFrames: Int
    /// What the pictures show: the numbered pattern (the default) or a filter source.
    public var picture = Picture.pattern
    /// The video encoder.
    public var videoCodec: VideoCodec
    /// Whether the encoder may use B-frames (off by default: decode order equals display order).
    public var allowsBFrames: Bool
    /// Whether the clip has a video stream at all (off for an audio-only clip).
    public var hasVideo: Bool
    /// The audio stream's tone, or `nil` for a clip without audio.
    public var tone: Tone?
    /// Further audio tracks after the first (dubbed languages, a commentary), each with its tone.
    public var additionalTones: [Tone]
    /// Instants, in seconds, of a white flash (the picture shown at that time) and an audio click.
    public var syncMarks: [Double]
    /// Cues written as a SubRip track; they need a Matroska (.mkv) file.
    ///
    /// > Important: Matroska cannot store the negative start of AAC audio (the encoder's delay), so
    /// > with a tone every stream of an .mkv is shifted by that delay (about 21 ms); subtract the video
    /// > stream's start time to compare cue times with picture times.
    public var subtitles: [SubtitleCue]
    /// The script header (styles, play resolution) that makes the subtitle track an ASS track whose
    /// events are the cues' ``SubtitleCue/assEvent``s (a cue without one uses the `Default` style);
    /// `nil` writes SubRip.
    public var subtitleHeader: String?
    /// Font files attached to the clip (they need a Matroska file).
    public var subtitleFonts: [SubtitleFont] = []
    /// Pictures written as a bitmap subtitle track (they need a Matroska file); none by default.
    public var bitmapSubtitles: [BitmapSubtitleCue] = []
    /// The format of the bitmap subtitle track.
    public var bitmapSubtitleCodec = BitmapSubtitleCue.Codec.dvd
    /// CEA-608 captions carried in the video's pictures (H.264 only); none by default.
    public var closedCaptions: [ClosedCaptionCue] = []
    /// A constant video bit rate in bits per second, kept up with filler data where the pictures
    /// need fewer bits (as a rendition of a real ladder has); `nil` lets the encoder spend what the
    /// simple pictures need.
    public var videoBitRate: Int? = nil
    /// libx264's preset, from "ultrafast" (the default: quick to make and to decode, with no
    /// deblocking and the simplest entropy coding) to "veryslow"; "veryfast" makes what a real
    /// service's stream costs to decode. Ignored for MPEG-4.
    public var encoderPreset = "ultrafast"
    /// Tags written in the container (title, artist, album); none by default.
    public var metadata = MediaMetadata()

    /// A clip description; the defaults make a 4 s, 320x240, 30 fps H.264 clip with a 440 Hz tone.
    ///
    /// - Parameter gopSeconds: keyframe distance in seconds, rounded to whole frames (at least 1).
    public init(
        width: Int = 320, height: Int = 240, frameRate: FrameRate = 30, duration: Double = 4,
        gopSeconds: Double = 1, videoCodec: VideoCodec = .h264, allowsBFrames: Bool = false,
        hasVideo: Bool = true, tone: Tone? = Tone(), additionalTones: [Tone] = [], syncMarks: [Double] = [],
        subtitles: [SubtitleCue] = []
    ) {
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.duration = duration
        self.gopFrames = max(1, Int((gopSeconds * frameRate.value).rounded()))
        self.videoCodec = videoCodec
        self.allowsBFrames = allowsBFrames
        self.hasVideo = hasVideo
        self.tone = tone
        self.additionalTones = additionalTones
        self.syncMarks = syncMarks
        self.subtitles = subtitles
    }

    /// Number of pictures in the clip.
    public var frameCount: Int { hasVideo ? Int((duration * frameRate.value).rounded()) : 0 }

    /// Presentation time of picture `frame`, in seconds.
    public func time(ofFrame frame: Int) -> Double {
        Double(frame) * Double(frameRate.denominator) / Double(frameRate.numerator)
    }

    /// The pictures that flash white: for each sync mark, the picture displayed at that instant.
    ///
    /// The click of a mark starts at the presentation time of its flash picture, so the two coincide
    /// exactly even when the mark falls between two pictures.
    public var flashFrames: Set<Int> {
        Set(syncMarks.map(flashFrame(forMark:)).filter { $0 < frameCount })
    }

    /// When each click starts, in seconds: the sync marks rounded down to a picture boundary.
    public var clickTimes: [Double] { syncMarks.map { time(ofFrame: flashFrame(forMark: $0)) } }

    /// The picture that flashes for a sync mark at `time` seconds.
    func flashFrame(forMark time: Double) -> Int {
        max(0, Int((time * frameRate.value).rounded(.down)))
    }

    /// Whether picture `frame` is a keyframe.
    public func isKeyframe(_ frame: Int) -> Bool { frame % gopFrames == 0 }
}
