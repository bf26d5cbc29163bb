import Testing

/// The suites that draw with SDL. SDL's video state is process-wide and its renderers are not
/// thread-safe, so every suite nested here runs one test at a time.
// NB: @MainActor keeps SDL video on one thread; other suites (the window tests) use SDL video too.
@MainActor @Suite(.serialized) enum PresentationTests {}
