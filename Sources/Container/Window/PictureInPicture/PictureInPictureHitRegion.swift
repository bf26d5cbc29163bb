import CSDL2

/// Tells the window manager which parts of the frameless picture in picture window move it and
/// which resize it: its edges resize, its buttons are buttons, and the rest of the picture drags
/// the window (SDL's hit test, which the window manager carries out).
@MainActor
final class PictureInPictureHitRegion {
    /// What a press at a point of the window does.
    enum Area: Equatable {
        /// The press goes to the widgets (a button).
        case control
        /// The press moves the window.
        case drag
        /// The press resizes the window from an edge or a corner: the sides it moves (-1 left or
        /// top, 1 right or bottom, 0 neither).
        case resize(horizontal: Int, vertical: Int)
    }

    /// How far from an edge, in points, a press resizes the window.
    static let edgeWidth = 8.0
    /// How far along an edge from a corner, in points, a press resizes from that corner.
    static let cornerLength = 16.0

    private weak var scene: WindowScene?
    /// Whether the video driver carries out the hit test (X11 and Wayland do; offscreen does not).
    private(set) var isInstalled = false

    /// Installs the hit test on `scene`'s window; ``uninstall()`` it before the region is let go.
    init(install scene: WindowScene) {
        self.scene = scene
        let data = Unmanaged.passUnretained(self).toOpaque()
        isInstalled = SDL_SetWindowHitTest(scene.window.window, pictureInPictureHitTest, data) == 0
    }

    /// Removes the hit test from the window.
    func uninstall() {
        guard let scene, isInstalled else { return }
        SDL_SetWindowHitTest(scene.window.window, nil, nil)
        isInstalled = false
    }

    /// What a press at `point` (window points) does now.
    func area(at point: Point) -> Area {
        guard let scene else { return .control }
        return Self.area(at: point, in: scene.window.logicalSize, onControl: scene.host.hasControl(at: point))
    }

    /// What a press at `point` does in a window of `size` whose widgets have a control there or not.
    static func area(at point: Point, in size: Size, onControl: Bool) -> Area {
        func side(_ value: Double, _ length: Double, within: Double) -> Int {
            if value < within { return -1 }
            if value >= length - within { return 1 }
            return 0
        }
        let horizontal = side(point.x, size.width, within: edgeWidth)
        let vertical = side(point.y, size.height, within: edgeWidth)
        if horizontal != 0 || vertical != 0 {
            // Near a corner along an edge, the press takes the corner.
            let cornerHorizontal =
                horizontal != 0 ? horizontal : side(point.x, size.width, within: cornerLength)
            let cornerVertical = vertical != 0 ? vertical : side(point.y, size.height, within: cornerLength)
            return .resize(horizontal: cornerHorizontal, vertical: cornerVertical)
        }
        return onControl ? .control : .drag
    }
}

extension PictureInPictureHitRegion.Area {
    /// SDL's name for the area.
    var sdlResult: SDL_HitTestResult {
        switch self {
        case .control: SDL_HITTEST_NORMAL
        case .drag: SDL_HITTEST_DRAGGABLE
        case .resize(-1, -1): SDL_HITTEST_RESIZE_TOPLEFT
        case .resize(0, -1): SDL_HITTEST_RESIZE_TOP
        case .resize(1, -1): SDL_HITTEST_RESIZE_TOPRIGHT
        case .resize(1, 0): SDL_HITTEST_RESIZE_RIGHT
        case .resize(1, 1): SDL_HITTEST_RESIZE_BOTTOMRIGHT
        case .resize(0, 1): SDL_HITTEST_RESIZE_BOTTOM
        case .resize(-1, 1): SDL_HITTEST_RESIZE_BOTTOMLEFT
        case .resize(-1, 0): SDL_HITTEST_RESIZE_LEFT
        case .resize: SDL_HITTEST_NORMAL
        }
    }
}

/// SDL's hit test callback: `data` is the window's ``PictureInPictureHitRegion``.
///
/// NB: SDL calls it while it pumps events, on the main thread.
private func pictureInPictureHitTest(
    _ window: OpaquePointer?, _ point: UnsafePointer<SDL_Point>?, _ data: UnsafeMutableRawPointer?
) -> SDL_HitTestResult {
    guard let point, let data else { return SDL_HITTEST_NORMAL }
    let location = Point(x: Double(point.pointee.x), y: Double(point.pointee.y))
    // NB: the pointer is only read on this thread, inside the call.
    nonisolated(unsafe) let region = data
    return MainActor.assumeIsolated {
        Unmanaged<PictureInPictureHitRegion>.fromOpaque(region).takeUnretainedValue().area(at: location)
            .sdlResult
    }
}
