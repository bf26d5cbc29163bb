import VideoPlayerRender

/// How a context makes the engine behind its ``RenderService``: the `playbackEngine` dependency.
///
/// Live contexts get ``ffmpeg``; test contexts get ``fake``, so container and widget tests run
/// without decoding media. A test that wants the real engine says so:
/// ```swift
/// let context = Context().withDependency(\.playbackEngine, .ffmpeg)
/// ```
public struct PlaybackEngineFactory: Sendable {
    private let make: @MainActor @Sendable (PlayerConfiguration, any TimerClock) -> any PlaybackEngine

    /// A factory that calls `make` with the render service's configuration and the context's clock.
    public init(
        _ make:
            @escaping @MainActor @Sendable (
                _ configuration: PlayerConfiguration, _ clock: any TimerClock
            ) -> any PlaybackEngine
    ) {
        self.make = make
    }

    /// Makes one engine.
    @MainActor
    public func makeEngine(configuration: PlayerConfiguration, clock: any TimerClock) -> any PlaybackEngine {
        make(configuration, clock)
    }

    /// FFmpeg's ``/VideoPlayerRender/MediaPlayer``: decodes and plays real media.
    public static var ffmpeg: Self {
        Self { configuration, _ in MediaPlayer(configuration: configuration) }
    }

    /// A ``FakePlaybackEngine`` driven by the context's clock, opening every item as `media`.
    public static var fake: Self { fake() }

    /// A ``FakePlaybackEngine`` driven by the context's clock; `media` says what each item holds.
    public static func fake(
        media: @escaping @Sendable (MediaItem) -> FakeMedia = { _ in FakeMedia() }
    ) -> Self {
        Self { configuration, clock in
            FakePlaybackEngine(configuration: configuration, clock: clock, media: media)
        }
    }
}

/// The `playbackEngine` dependency: FFmpeg's player when live, the fake engine in tests.
public enum PlaybackEngineKey: DependencyKey {
    public static var liveValue: PlaybackEngineFactory { .ffmpeg }
    public static var testValue: PlaybackEngineFactory { .fake }
}

extension DependencyValues {
    /// How ``RenderService`` makes its engine.
    public var playbackEngine: PlaybackEngineFactory {
        get { self[PlaybackEngineKey.self] }
        set { self[PlaybackEngineKey.self] = newValue }
    }
}
