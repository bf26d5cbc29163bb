import CCairo
import Glibc

/// A picture scaled straight into the window's pixels, with the pixels of it that the overlay
/// covers saved aside.
///
/// A composition of the same frame again (the overlay moved between frames) puts back what the
/// overlay last blended over instead of scaling the frame again, and saves what it will blend over
/// next. So only the pixels under the overlay's bands are copied, where a kept copy of the whole
/// picture would be copied whole at every composition.
///
/// > Important: used while the window's surface is locked and Cairo's drawing into it flushed.
final class PictureUnderOverlay {
    /// Where the picture lies in the window's pixels.
    let rect: cairo_rectangle_int_t
    private weak var frame: VideoFrame?
    private let pixels: UnsafeMutableRawPointer
    private let pitch: Int
    /// The picture's pixels saved from under the overlay, each at its place in a map of the
    /// picture's size made when first needed; only the pages written take memory.
    private var backup: UnsafeMutableRawPointer?
    private let saved = PixelRegion()
    /// The window's pixels of the picture that the overlay blended over last.
    private var blended: [cairo_rectangle_int_t] = []

    /// The picture of `frame`, written at `rect` into the window's `pixels` rows `pitch` bytes apart.
    init(frame: VideoFrame, rect: cairo_rectangle_int_t, pixels: UnsafeMutableRawPointer, pitch: Int) {
        self.frame = frame
        self.rect = rect
        self.pixels = pixels
        self.pitch = pitch
    }

    deinit {
        if let backup { munmap(backup, backupBytes) }
    }

    private var backupBytes: Int { Int(rect.width) * Int(rect.height) * 4 }

    /// Whether the window's pixels at `rect` still hold this picture of `frame`, less the overlay.
    func holds(
        _ frame: VideoFrame, at rect: cairo_rectangle_int_t, pixels: UnsafeMutableRawPointer, pitch: Int
    ) -> Bool {
        self.frame === frame && self.pixels == pixels && self.pitch == pitch && self.rect.x == rect.x
            && self.rect.y == rect.y && self.rect.width == rect.width && self.rect.height == rect.height
    }

    /// Puts back the pixels the overlay blended over last; returns how many were copied.
    func restore() -> Int {
        defer { blended = [] }
        return blended.reduce(0) { $0 + copy($1, intoWindow: true) }
    }

    /// Saves the pixels under `bands` (in the window's pixels) that are not saved yet, before the
    /// overlay blends over them; returns how many were copied, or `nil` when there is no memory
    /// for them (the picture is then not put back).
    func save(under bands: [Rect]) -> Int? {
        let under = PixelRegion()
        for band in bands { under.add(PixelRegion(band.integral)) }
        under.intersect(rect)
        blended = under.rectangles
        let fresh = under.copy()
        fresh.subtract(saved)
        let pieces = fresh.rectangles
        guard !pieces.isEmpty else { return 0 }
        if backup == nil {
            let map = mmap(nil, backupBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            guard let map, map != MAP_FAILED else { return nil }
            backup = map
        }
        saved.add(fresh)
        return pieces.reduce(0) { $0 + copy($1, intoWindow: false) }
    }

    /// Copies `piece` of the window's pixels between the window and the backup; returns its pixels.
    private func copy(_ piece: cairo_rectangle_int_t, intoWindow: Bool) -> Int {
        guard let backup, piece.width > 0, piece.height > 0 else { return 0 }
        let rowBytes = Int(piece.width) * 4
        let backupPitch = Int(rect.width) * 4
        for row in Int(piece.y)..<Int(piece.y + piece.height) {
            let window = pixels + row * pitch + Int(piece.x) * 4
            let aside = backup + (row - Int(rect.y)) * backupPitch + Int(piece.x - rect.x) * 4
            if intoWindow {
                window.copyMemory(from: aside, byteCount: rowBytes)
            } else {
                aside.copyMemory(from: window, byteCount: rowBytes)
            }
        }
        return Int(piece.width) * Int(piece.height)
    }
}
