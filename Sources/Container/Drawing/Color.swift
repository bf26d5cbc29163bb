/// A colour with straight (not premultiplied) alpha, components in 0...1.
public struct Color: Hashable, Sendable {
    /// The red component, 0...1.
    public var red: Double
    /// The green component, 0...1.
    public var green: Double
    /// The blue component, 0...1.
    public var blue: Double
    /// The opacity, from 0 (invisible) to 1 (opaque).
    public var alpha: Double

    /// A colour of `red`, `green` and `blue`, each 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from a 0xRRGGBB literal, as designers write them.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// A grey of the given brightness.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The same colour with its alpha multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }

    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Black.
    public static let black = Color(white: 0)
    /// White.
    public static let white = Color(white: 1)
    /// A middle grey.
    public static let gray = Color(white: 0.5)
    /// The system red of Apple's palette, as SwiftUI's `Color.red`.
    public static let red = Color(red: 1, green: 0.23, blue: 0.19)
    /// The system green, as SwiftUI's `Color.green`.
    public static let green = Color(red: 0.2, green: 0.78, blue: 0.35)
    /// The system blue, as SwiftUI's `Color.blue`.
    public static let blue = Color(red: 0, green: 0.48, blue: 1)
    /// The system yellow, as SwiftUI's `Color.yellow`.
    public static let yellow = Color(red: 1, green: 0.8, blue: 0)
    /// The system orange, as SwiftUI's `Color.orange`.
    public static let orange = Color(red: 1, green: 0.58, blue: 0)
    /// The system pink, as SwiftUI's `Color.pink`.
    public static let pink = Color(red: 1, green: 0.18, blue: 0.33)
}

/// One pixel read back from a rendered image, 8 bits per channel, straight alpha.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    /// The red channel, 0...255.
    public var r: UInt8
    /// The green channel, 0...255.
    public var g: UInt8
    /// The blue channel, 0...255.
    public var b: UInt8
    /// The alpha channel, 0 (transparent) ... 255 (opaque).
    public var a: UInt8

    /// A pixel of the given channels, opaque unless `a` says otherwise.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public var description: String { "RGBA(\(r), \(g), \(b), \(a))" }

    /// Whether every channel is within `tolerance` of `other`'s.
    public func isClose(to other: RGBA, tolerance: Int = 8) -> Bool {
        abs(Int(r) - Int(other.r)) <= tolerance && abs(Int(g) - Int(other.g)) <= tolerance
            && abs(Int(b) - Int(other.b)) <= tolerance && abs(Int(a) - Int(other.a)) <= tolerance
    }
}
