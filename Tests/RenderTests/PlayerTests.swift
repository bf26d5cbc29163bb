import Testing

/// The player suites, run one test at a time: they play in real time on the main actor, and tests
/// playing at once in one process would make each other's timing flaky. `make test` runs groups of
/// them in processes of their own side by side (the Makefile's `TEST_SHARDS`).
@Suite(.serialized) @MainActor
struct PlayerTests {}
