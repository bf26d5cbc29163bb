import CSDL2
import Foundation

/// Opens the TrueType fonts `Text` is drawn with, once per pixel size and weight.
///
/// Each font file is read into memory once and every size is opened from those bytes, so the
/// sizes a long-running interface comes to use hold no file descriptors.
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
    /// The files read so far by path; `nil` for a path that could not be read.
    private var files: [String: FontFile?] = [:]

    /// The font at `pixelSize`; bold falls back to regular when no bold file exists.
    func load(size pixelSize: Int, weight: Font.Weight) throws(ContainerError) -> TrueTypeFont {
        let key = Key(pixelSize: max(1, pixelSize), weight: weight)
        if let font = fonts[key] { return font }
        let candidates = weight == .bold ? Self.boldPaths + Self.regularPaths : Self.regularPaths
        guard !failedKeys.contains(key), Self.initializeTTF() else {
            throw .fontUnavailable(paths: candidates)
        }
        for path in candidates {
            if let file = file(at: path), let font = file.open(pixelSize: key.pixelSize) {
                fonts[key] = font
                return font
            }
        }
        failedKeys.insert(key)
        throw .fontUnavailable(paths: candidates)
    }

    private func file(at path: String) -> FontFile? {
        if let known = files[path] { return known }
        let file = FontFile(path: path)
        files[path] = file
        return file
    }

    private static func initializeTTF() -> Bool {
        TTF_WasInit() > 0 || TTF_Init() == 0
    }
}

/// The bytes of a font file, read once; the fonts opened from them keep them alive.
final class FontFile {
    private let bytes: UnsafeMutableRawBufferPointer

    /// Reads the file at `path`; `nil` when it is missing, unreadable or empty.
    init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty,
            data.count <= Int(Int32.max)
        else { return nil }
        bytes = .allocate(byteCount: data.count, alignment: 16)
        bytes.copyBytes(from: data)
    }

    deinit {
        bytes.deallocate()
    }

    /// The font at `pixelSize`, or `nil` when SDL2_ttf cannot read these bytes as a font.
    func open(pixelSize: Int) -> TrueTypeFont? {
        // NB: SDL_RWFromConstMem only reads the bytes; freesrc 1 makes the font close the stream.
        guard let stream = SDL_RWFromConstMem(bytes.baseAddress, Int32(bytes.count)),
            let pointer = TTF_OpenFontRW(stream, 1, Int32(pixelSize))
        else { return nil }
        return TrueTypeFont(pointer, file: self)
    }
}

/// Owns an SDL2_ttf font and closes it when released.
final class TrueTypeFont {
    let pointer: OpaquePointer
    /// The bytes the font reads its glyphs from, as long as it lives.
    private let file: FontFile

    init(_ pointer: OpaquePointer, file: FontFile) {
        self.pointer = pointer
        self.file = file
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
