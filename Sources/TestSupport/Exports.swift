// A test target that imports VideoPlayerTestSupport also gets the fixtures: TestMedia and ClipSpec,
// CaptureAudioSink and LocalHTTPServer.
@_exported import VideoPlayerFixtures
