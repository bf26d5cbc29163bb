import CCairo
import Glibc

/// A picture scaled straight into the window's pixels, with the pixels of it that the overlay
/// covers saved aside while the overlay repaints between frames.
///
/// A composition of the same frame again puts back, from what was saved, the pixels where the
/// overlay changed since (its damage), and the overlay is blended again only there: elsewhere the
/// window holds the same picture under the same overlay already. So a moving overlay costs copies
/// of the pixels it moved over, where a kept copy of the whole picture would be copied whole, and
/// the overlay blended whole, at every composition.
///
/// > Important: used while the window's surface is locked and Cairo's drawing into it flushed.
final class PictureUnderOverlay {
    /// Memory for the saved pixels, each at its place in a buffer of the picture's size; kept from
    /// one frame to the next, and only the pages written take memory.
    final class Backup {
        let width: Int
        let height: Int
        fileprivate let bytes: UnsafeMutableRawPointer

        /// `nil` when there is no memory for it.
        init?(width: Int, height: Int) {
            guard let bytes = malloc(width * height * 4) else { return nil }
            self.width = width
            self.height = height
            self.bytes = bytes
        }

        deinit { free(bytes) }
    }

    /// Where the picture lies in the window's pixels.
    let rect: cairo_rectangle_int_t
    private weak var frame: VideoFrame?
    private let pixels: UnsafeMutableRawPointer
    private let pitch: Int
    /// `nil` when the pixels under the overlay are not saved: the overlay seldom repaints between
    /// frames.
    private let backup: Backup?
    private let saved = PixelRegion()
    /// The window's pixels of the picture that hold a blend of the overlay.
    private var blended = PixelRegion()
    /// Whether the overlay was blended over pixels of the picture that were not saved.
    private var lost = false

    /// The picture of `frame`, written at `rect` into the window's `pixels` rows `pitch` bytes
    /// apart; what the overlay covers is saved into `backup`, of the picture's size, when given.
    init(
        frame: VideoFrame, rect: cairo_rectangle_int_t, pixels: UnsafeMutableRawPointer, pitch: Int,
        backup: Backup?
    ) {
        self.frame = frame
        self.rect = rect
        self.pixels = pixels
        self.pitch = pitch
        self.backup = backup
    }

    /// Whether the window's pixels at `rect` hold this picture of `frame` under the overlay of the
    /// last composition, with every pixel the overlay covers saved.
    func holds(
        _ frame: VideoFrame, at rect: cairo_rectangle_int_t, pixels: UnsafeMutableRawPointer, pitch: Int
    ) -> Bool {
        !lost && self.frame === frame && self.pixels == pixels && self.pitch == pitch && self.rect.x == rect.x
            && self.rect.y == rect.y && self.rect.width == rect.width && self.rect.height == rect.height
    }

    /// Puts back the pixels in `damage` (where the overlay changed) that the overlay blended over.
    /// Returns how many were copied, and the pixels that still hold the overlay's blend, which it
    /// must not be blended over again.
    func restore(within damage: PixelRegion) -> (copied: Int, stillBlended: PixelRegion) {
        let pieces = blended.copy()
        pieces.intersect(damage)
        let copied = pieces.rectangles.reduce(0) { $0 + copy($1, intoWindow: true) }
        let stillBlended = blended.copy()
        stillBlended.subtract(damage)
        return (copied, stillBlended)
    }

    /// Takes in the window's pixels the overlay blends over in this composition, and saves those of
    /// the picture not saved yet; returns how many were copied.
    func save(under overlay: PixelRegion) -> Int {
        let under = overlay.copy()
        under.intersect(rect)
        blended = under
        guard let backup else {
            if !under.isEmpty { lost = true }
            return 0
        }
        precondition(backup.width == Int(rect.width) && backup.height == Int(rect.height))
        let fresh = under.copy()
        fresh.subtract(saved)
        saved.add(fresh)
        return fresh.rectangles.reduce(0) { $0 + copy($1, intoWindow: false) }
    }

    /// Copies `piece` of the window's pixels between the window and the backup; returns its pixels.
    private func copy(_ piece: cairo_rectangle_int_t, intoWindow: Bool) -> Int {
        guard let backup, piece.width > 0, piece.height > 0 else { return 0 }
        let rowBytes = Int(piece.width) * 4
        let backupPitch = backup.width * 4
        for row in Int(piece.y)..<Int(piece.y + piece.height) {
            let window = pixels + row * pitch + Int(piece.x) * 4
            let aside = backup.bytes + (row - Int(rect.y)) * backupPitch + Int(piece.x - rect.x) * 4
            if intoWindow {
                window.copyMemory(from: aside, byteCount: rowBytes)
            } else {
                aside.copyMemory(from: window, byteCount: rowBytes)
            }
        }
        return Int(piece.width) * Int(piece.height)
    }
}
