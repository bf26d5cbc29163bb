import CSDL2

/// Opens the TrueType fonts `Text` is drawn with, once per pixel size and weight.
///
/// Fonts are looked up in a list of usual Debian (and other distribution) paths; a machine without
/// any of them gets empty text and a ``ContainerError/fontUnavailable(paths:)`` from ``load(size:weight:)``.
@MainActor
final class FontLibrary {
    static let regularPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    ]
    static let boldPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
        "/usr/share/fonts/truetype/freefont/FreeSansBold.ttf",
    ]

    private struct Key: Hashable {
        let pixelSize: Int
        let weight: Font.Weight
    }

    private var fonts: [Key: TrueTypeFont] = [:]
    private var failedKeys: Set<Key> = []

    /// The font at `pixelSize`; bold falls back to regular when no bold file exists.
    func load(size pixelSize: Int, weight: Font.Weight) throws(ContainerError) -> TrueTypeFont {
        let key = Key(pixelSize: max(1, pixelSize), weight: weight)
        if let font = fonts[key] { return font }
        let candidates = weight == .bold ? Self.boldPaths + Self.regularPaths : Self.regularPaths
        guard !failedKeys.contains(key), Self.initializeTTF() else {
            throw .fontUnavailable(paths: candidates)
        }
        for path in candidates {
            if let pointer = TTF_OpenFont(path, Int32(key.pixelSize)) {
                let font = TrueTypeFont(pointer)
                fonts[key] = font
                return font
            }
        }
        failedKeys.insert(key)
        throw .fontUnavailable(paths: candidates)
    }

    private static func initializeTTF() -> Bool {
        TTF_WasInit() > 0 || TTF_Init() == 0
    }
}

/// Owns an SDL2_ttf font and closes it when released.
final class TrueTypeFont {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        TTF_CloseFont(pointer)
    }

    /// Distance between baselines of consecutive lines, in pixels.
    var lineSkip: Int { Int(TTF_FontLineSkip(pointer)) }

    /// Width and height of `text` on one line, in pixels.
    func size(of text: String) -> (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        guard TTF_SizeUTF8(pointer, text, &width, &height) == 0 else { return (0, 0) }
        return (Int(width), Int(height))
    }
}
