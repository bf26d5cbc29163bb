import CSDL2

extension SDL_Rect {
    /// The whole-pixel rectangle nearest to `rect`; edges that are not finite numbers become 0.
    init(nearest rect: Rect) {
        let left = Self.pixel(rect.minX)
        let top = Self.pixel(rect.minY)
        self.init(x: left, y: top, w: Self.pixel(rect.maxX) - left, h: Self.pixel(rect.maxY) - top)
    }

    // Clamped so that no layout value, however wrong, traps the conversion.
    private static func pixel(_ value: Double) -> Int32 {
        guard value.isFinite else { return 0 }
        return Int32(value.rounded().clamped(to: -1_000_000...1_000_000))
    }
}

extension SDL_FRect {
    init(_ rect: Rect) {
        self.init(x: Float(rect.minX), y: Float(rect.minY), w: Float(rect.width), h: Float(rect.height))
    }
}

extension Rect {
    init(_ rect: SDL_Rect) {
        self.init(x: Double(rect.x), y: Double(rect.y), width: Double(rect.w), height: Double(rect.h))
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
