import Testing

/// The suites that draw with SDL. SDL's video state is process-wide and its renderers are not
/// thread-safe, so every suite nested here runs one test at a time.
@Suite(.serialized) enum PresentationTests {}
