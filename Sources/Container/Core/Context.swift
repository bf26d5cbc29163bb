import Foundation

/// The service locator of one player: it creates, caches and stops the services its widgets use.
///
/// `context[PlaybackService.self]` creates the service on first use and returns the same instance
/// afterwards, one per service type.
///
/// > Important: A context and its services live on the main actor. Services hold it weakly, so
/// > whoever owns the player (the window, a test) must keep the context alive.
@MainActor
public final class Context {
    /// Whether dependencies resolve to their live or their test values.
    public enum Mode: Sendable, Hashable {
        /// Dependencies use `liveValue`: the real clock, the real file system.
        case live
        /// Dependencies use `testValue`; a live-only dependency reports an issue when first used.
        case test

        /// `.test` inside a test runner (XCTest or Swift Testing), `.live` everywhere else.
        ///
        /// The process counts as a test when its executable ends in `.xctest` (how SwiftPM runs
        /// both libraries on Linux), when it was started with `--testing-library`, or when the
        /// environment variable `VIDEOPLAYER_TEST_MODE` is `1`.
        public static var automatic: Mode {
            let process = ProcessInfo.processInfo
            if process.environment["VIDEOPLAYER_TEST_MODE"] == "1" { return .test }
            let isRunner =
                process.arguments.first?.hasSuffix(".xctest") == true
                || process.arguments.contains("--testing-library")
            return isRunner ? .test : .live
        }
    }

    /// Whether this context resolves live or test dependencies.
    public let mode: Mode
    var dependencies: DependencyValues
    private var services: [ObjectIdentifier: Service] = [:]

    /// Creates an empty context; services are created when first asked for.
    public init(mode: Mode = .automatic) {
        self.mode = mode
        self.dependencies = DependencyValues(mode: mode)
    }

    /// The one instance of `type` in this context, created on first access.
    public subscript<S: Service>(_ type: S.Type) -> S {
        if let existing = services[ObjectIdentifier(type)] as? S { return existing }
        let created = type.init(self)
        services[ObjectIdentifier(type)] = created
        return created
    }

    /// Creates the service now instead of on first access (for services that must observe from the start).
    @discardableResult
    public func startService<S: Service>(_ type: S.Type) -> S {
        self[type]
    }

    /// Removes the service; the next access creates a fresh one.
    ///
    /// The service receives ``Service/didStop()``, and widgets that read its `@ViewState` are rebuilt
    /// so they pick up the fresh instance.
    public func stopService<S: Service>(_ type: S.Type) {
        guard let service = services.removeValue(forKey: ObjectIdentifier(type)) else { return }
        service.didStop()
        service.invalidateReaders()
    }

    /// Whether an instance of `type` exists in this context.
    public func isServiceStarted<S: Service>(_ type: S.Type) -> Bool {
        services[ObjectIdentifier(type)] != nil
    }
}
