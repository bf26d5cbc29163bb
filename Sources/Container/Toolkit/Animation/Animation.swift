import Foundation

/// How a change moves from its old to its new value over time: a timing curve and a duration.
public struct Animation: Hashable, Sendable {
    enum Curve: Hashable, Sendable {
        case linear, easeIn, easeOut, easeInOut
        case spring(dampingFraction: Double)
    }

    let curve: Curve
    /// Seconds from start to rest.
    public let duration: Double

    /// Constant speed.
    public static func linear(duration: Double = 0.25) -> Animation {
        Animation(curve: .linear, duration: duration)
    }
    /// Starts slowly.
    public static func easeIn(duration: Double = 0.25) -> Animation {
        Animation(curve: .easeIn, duration: duration)
    }
    /// Ends slowly.
    public static func easeOut(duration: Double = 0.25) -> Animation {
        Animation(curve: .easeOut, duration: duration)
    }
    /// Starts and ends slowly.
    public static func easeInOut(duration: Double = 0.25) -> Animation {
        Animation(curve: .easeInOut, duration: duration)
    }

    /// A damped spring settling within `response` seconds; a damping fraction below 1 overshoots.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825) -> Animation {
        Animation(curve: .spring(dampingFraction: min(1, max(0.05, dampingFraction))), duration: response)
    }

    /// The animation used when none is named: ease in and out over a quarter second.
    public static let `default` = Animation.easeInOut()

    /// The same curve taking `duration` seconds.
    public func speed(_ factor: Double) -> Animation {
        Animation(curve: curve, duration: duration / max(factor, 0.0001))
    }

    /// The fraction of the change done `elapsed` seconds after the start: 0 at the start, 1 at rest.
    public func progress(at elapsed: Double) -> Double {
        guard duration > 0, elapsed < duration else { return 1 }
        let t = max(0, elapsed / duration)
        switch curve {
        case .linear: return t
        case .easeIn: return t * t * t
        case .easeOut: return 1 - pow(1 - t, 3)
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        case .spring(let damping): return Self.spring(t, damping: damping)
        }
    }

    /// A damped harmonic oscillator scaled so that it has settled (within 0.1%) at `t == 1`.
    private static func spring(_ t: Double, damping: Double) -> Double {
        // Decay rate chosen so the envelope e^(-decay·t) reaches 0.001 at t = 1.
        let decay = -log(0.001)
        guard damping < 1 else { return 1 - exp(-decay * t) * (1 + decay * t) }
        let omega = decay / damping
        let damped = omega * (1 - damping * damping).squareRoot()
        return 1 - exp(-decay * t) * (cos(damped * t) + decay / damped * sin(damped * t))
    }
}

/// The animation applied to the state changes made inside ``withAnimation(_:_:)``.
@MainActor
enum Transaction {
    static var currentAnimation: Animation?
}

/// Animates every widget change caused by the state changes `body` makes.
///
/// ```swift
/// withAnimation(.easeOut(duration: 0.3)) { isControlVisible = false }
/// ```
@MainActor
public func withAnimation<Result>(_ animation: Animation = .default, _ body: () throws -> Result) rethrows
    -> Result
{
    let saved = Transaction.currentAnimation
    Transaction.currentAnimation = animation
    defer { Transaction.currentAnimation = saved }
    return try body()
}
