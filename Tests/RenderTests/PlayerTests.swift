import Testing

/// The player suites, run one test at a time: they play in real time, and a machine busy with
/// parallel playback would make their timing (and the audio device) flaky.
@Suite(.serialized) @MainActor
struct PlayerTests {}
