import CCairo

/// Owns a Cairo image surface and frees it when released.
///
/// > Important: Not thread-safe; used on the main actor by the host and the renderers.
final class CairoSurface {
    let pointer: OpaquePointer
    let width: Int
    let height: Int

    /// A new surface cleared to transparent; ARGB32 (premultiplied) unless told otherwise.
    init(width: Int, height: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) {
        self.width = max(0, width)
        self.height = max(0, height)
        // NB: Cairo never returns NULL: failures come back as an inert error surface, which is safe to draw into.
        pointer = cairo_image_surface_create(format, Int32(self.width), Int32(self.height))
    }

    /// Takes ownership of a surface Cairo created (a decoded PNG).
    init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
        width = Int(cairo_image_surface_get_width(pointer))
        height = Int(cairo_image_surface_get_height(pointer))
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    var isValid: Bool { cairo_surface_status(pointer) == CAIRO_STATUS_SUCCESS }

    /// Bytes per row.
    var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }

    /// The pixel memory; `nil` for an error surface.
    var data: UnsafeMutablePointer<UInt8>? { cairo_image_surface_get_data(pointer) }

    /// Makes drawing visible in `data` before it is read.
    func flush() {
        cairo_surface_flush(pointer)
    }

    /// Tells Cairo that `data` was written directly.
    func markDirty() {
        cairo_surface_mark_dirty(pointer)
    }
}

/// Owns a Cairo drawing context on a surface and frees it when released.
final class CairoContext {
    let pointer: OpaquePointer
    /// Kept alive as long as the context draws into it.
    let surface: CairoSurface

    init(surface: CairoSurface) {
        self.surface = surface
        pointer = cairo_create(surface.pointer)
    }

    deinit {
        cairo_destroy(pointer)
    }
}
