import CCairo

/// The overlay of `context.control`: the scrims and the areas configured for the current status.
///
/// Empty space lets taps through to the video (where they toggle the controls); pressing,
/// dragging or scrolling on a control keeps the controls up, and so does the keyboard focus on one.
public struct ControlOverlay: Widget {
    /// Creates the overlay; ``PlayerWidget`` makes it for you.
    public init() {}

    /// The overlay's content, rebuilt when the state it reads changes.
    public var body: some Widget {
        WithService(ControlService.self) { control in
            WithService(FeatureService.self) { feature in
                content(control, isPresented: control.isBeingPresented && !feature.hidesControls)
            }
        }
    }

    private func content(_ control: ControlService, isPresented: Bool) -> some Widget {
        let areas = ControlAreas(
            status: control.status, isPresented: isPresented, widgets: control.widgets,
            transitions: control.transitions, control: control, spacing: control.spacing,
            insets: control.insets(for: control.status))
        return ZStack {
            if isPresented, let shadow = control.shadow {
                ControlScrims(shadow: shadow).transition(.opacity).allowsHitTesting(false)
            }
            if let layout = control.layout {
                layout(areas)
            } else {
                DefaultControlLayout(areas: areas)
            }
        }
        .opacity(control.opacity)
        .onInteraction { control.keepPresented() }
        .onFocusChange { control.focusDidChange(inside: $0) }
    }
}

/// Rows for the top and bottom areas, the sides between them, the centre in the middle.
struct DefaultControlLayout: Widget {
    let areas: ControlAreas

    var body: some Widget {
        ZStack {
            VStack(spacing: areas.spacing) {
                areas[.top1]
                areas[.top2]
                HStack(spacing: 0) {
                    areas[.left]
                    Spacer()
                    areas[.right]
                }
                .frame(maxHeight: .infinity)
                areas[.bottom1]
                areas[.bottom2]
                areas[.bottom3]
            }
            .padding(areas.insets)
            areas[.center]
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}

/// Gradients from the shadow colour at the top and bottom edges to transparent; one canvas that
/// fills the overlay, so the scrims never make the player taller than its frame.
struct ControlScrims: Widget {
    let shadow: ControlShadow

    var body: some Widget {
        let shadow = shadow
        return Canvas { context, size in
            let half = size.height / 2
            Self.fill(
                context.cairo, width: size.width, from: 0, to: min(shadow.top, half), color: shadow.color)
            Self.fill(
                context.cairo, width: size.width, from: size.height,
                to: size.height - min(shadow.bottom, half),
                color: shadow.color)
        }
    }

    /// Fills the band between `edge` (full colour) and `inner` (transparent).
    private static func fill(
        _ cr: OpaquePointer, width: Double, from edge: Double, to inner: Double, color: Color
    ) {
        guard edge != inner, let gradient = cairo_pattern_create_linear(0, edge, 0, inner) else { return }
        defer { cairo_pattern_destroy(gradient) }
        cairo_pattern_add_color_stop_rgba(gradient, 0, color.red, color.green, color.blue, color.alpha)
        cairo_pattern_add_color_stop_rgba(gradient, 1, color.red, color.green, color.blue, 0)
        cairo_set_source(cr, gradient)
        cairo_rectangle(cr, 0, min(edge, inner), width, abs(edge - inner))
        cairo_fill(cr)
    }
}
