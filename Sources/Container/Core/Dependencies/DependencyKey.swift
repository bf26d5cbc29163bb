/// The key of one dependency: its live value and the value tests get.
///
/// ```swift
/// struct MediaOpenerKey: DependencyKey {
///     static var liveValue: MediaOpener { .live }
///     static var testValue: MediaOpener { .failing }
/// }
/// extension DependencyValues {
///     var mediaOpener: MediaOpener {
///         get { self[MediaOpenerKey.self] }
///         set { self[MediaOpenerKey.self] = newValue }
///     }
/// }
/// ```
/// > Important: Values are resolved once per ``Context`` and cached there, so a class-typed value
/// > (a clock with timers) is shared by every service of that context.
public protocol DependencyKey {
    /// The dependency's type; clients are usually `Sendable` structs of closures.
    associatedtype Value: Sendable
    /// The value used by a context in `.live` mode.
    static var liveValue: Value { get }
    /// The value used by a context in `.test` mode; by default it reports an issue and falls back to `liveValue`.
    static var testValue: Value { get }
}

extension DependencyKey {
    /// Reports that a test reached a live-only dependency, then uses the live value.
    public static var testValue: Value {
        DependencyIssue.report(
            "\(Self.self) has no testValue: override it with context.withDependency(...) in this test")
        return liveValue
    }
}
