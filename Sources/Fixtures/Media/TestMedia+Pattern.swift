import VideoPlayerRender

extension TestMedia {
    /// An 8-bit RGB colour.
    public typealias RGB = (r: UInt8, g: UInt8, b: UInt8)

    /// The four levels each channel of a palette colour takes; 64 apart, so a decoded colour is still
    /// nearest to its own entry after lossy compression (errors below 32 per channel).
    public static let paletteLevels: [UInt8] = [32, 96, 160, 224]

    /// Number of colours in the palette (4 levels on 3 channels).
    public static let paletteSize = 64

    /// Number of bits, and of blocks, in the frame-number row; frame numbers wrap at 2^16.
    public static let frameNumberBits = 16

    /// The colour a picture shows when it is not a flash: palette entry `frame mod 64`.
    ///
    /// Entry `i` has red level `i / 16`, green level `(i / 4) mod 4` and blue level `i mod 4`.
    public static func colour(forFrame frame: Int) -> RGB {
        let index = ((frame % paletteSize) + paletteSize) % paletteSize
        return (paletteLevels[index / 16], paletteLevels[(index / 4) % 4], paletteLevels[index % 4])
    }

    /// The palette entry nearest to a colour, channel by channel.
    public static func nearestPaletteIndex(r: UInt8, g: UInt8, b: UInt8) -> Int {
        // Midpoints between the levels fall on multiples of 64.
        func level(_ value: UInt8) -> Int { min(3, Int(value) / 64) }
        return level(r) * 16 + level(g) * 4 + level(b)
    }

    /// Whether a sampled colour is the white of a sync flash rather than a palette entry (whose
    /// brightest grey is 224).
    public static func isFlash(r: UInt8, g: UInt8, b: UInt8) -> Bool { min(r, min(g, b)) >= 242 }

    /// Reads the frame number from a decoded picture.
    ///
    /// The picture's bottom eighth holds 16 blocks side by side, most significant bit on the left:
    /// white is 1, black is 0. Each block is sampled once, at its centre. Returns `nil` when a block
    /// is neither clearly black nor clearly white (mean of r, g, b between 64 and 192), which means
    /// the picture is not one of ours, or is damaged.
    ///
    /// - Parameter sampler: the RGB colour at pixel (x, y), origin top left.
    public static func frameNumber(
        fromRGB sampler: (_ x: Int, _ y: Int) -> RGB, width: Int, height: Int
    ) -> Int? {
        let layout = PatternLayout(width: width, height: height)
        var number = 0
        for block in 0..<frameNumberBits {
            let (x, y) = layout.blockCentre(block)
            let pixel = sampler(x, y)
            let mean = (Int(pixel.r) + Int(pixel.g) + Int(pixel.b)) / 3
            switch mean {
            case ..<64: number <<= 1
            case 193...: number = number << 1 | 1
            default: return nil
            }
        }
        return number
    }

    /// Samples the colour area of a decoded picture, at the centre of its top half (x = width / 2,
    /// y = height / 4), and returns the nearest palette entry.
    public static func paletteIndex(
        fromRGB sampler: (_ x: Int, _ y: Int) -> RGB, width: Int, height: Int
    ) -> Int {
        let (x, y) = PatternLayout(width: width, height: height).colourSample
        let pixel = sampler(x, y)
        return nearestPaletteIndex(r: pixel.r, g: pixel.g, b: pixel.b)
    }
}

/// Where the parts of a test picture lie: the colour area above, the frame-number band below.
struct PatternLayout {
    let width: Int
    let height: Int

    /// First row of the frame-number band (the bottom eighth, at least one row).
    var bandTop: Int { height - max(1, height / 8) }

    /// The columns block `index` covers: block edges at `index * width / 16`.
    func blockColumns(_ index: Int) -> Range<Int> {
        let bits = TestMedia.frameNumberBits
        return index * width / bits..<(index + 1) * width / bits
    }

    /// The pixel a reader samples for block `index`.
    func blockCentre(_ index: Int) -> (x: Int, y: Int) {
        let columns = blockColumns(index)
        return ((columns.lowerBound + columns.upperBound) / 2, (bandTop + height) / 2)
    }

    /// The pixel a reader samples for the colour.
    var colourSample: (x: Int, y: Int) { (width / 2, height / 4) }

    /// Whether block `index` is white for `frame`.
    static func bit(_ index: Int, of frame: Int) -> Bool {
        (frame >> (TestMedia.frameNumberBits - 1 - index)) & 1 == 1
    }
}
