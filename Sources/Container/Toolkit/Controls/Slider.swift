import CCairo

/// A horizontal slider over a range of numbers, as SwiftUI's `Slider`: a track filled in the
/// ``Widget/tint(_:)`` colour up to a round knob.
///
/// ```swift
/// Slider("Brightness", value: settings.binding(\.brightness), in: 0...1)
/// ```
///
/// Pressing on the track moves the knob there and dragging moves it along; with `step`, the value
/// keeps to whole steps from the range's start. While it has the focus (Tab reaches it), Left and
/// Right move it one step (a twentieth of the range without `step`), Home and End to its ends.
/// The title is not drawn (as on iOS): it names the slider for a screen reader, which hears a
/// slider at a percentage of its range, can step it and can set it to a number.
/// `onEditingChanged` hears `true` when a press or drag starts and `false` when it ends.
public struct Slider: Widget {
    private let title: String
    private let value: Binding<Double>
    private let bounds: ClosedRange<Double>
    private let step: Double?
    private let onEditingChanged: @MainActor (Bool) -> Void

    /// A slider for `value` within `bounds`, named `title` for a screen reader (give it an
    /// `accessibilityLabel` instead, or a `title`).
    public init(
        _ title: String = "", value: Binding<Double>, in bounds: ClosedRange<Double> = 0...1,
        step: Double? = nil, onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in }
    ) {
        self.title = title
        self.value = value
        self.bounds = bounds
        self.step = step.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        self.onEditingChanged = onEditingChanged
    }

    public var body: some Widget {
        let model = SliderModel(bounds: bounds, step: step)
        let value = self.value
        let current = model.clamped(value.wrappedValue)
        let onEditingChanged = self.onEditingChanged
        SliderTrack(fraction: model.fraction(of: current))
            .contentShape()
            .onPointer { pointer in
                switch pointer.phase {
                case .down, .moved:
                    if pointer.phase == .down { onEditingChanged(true) }
                    let travel = max(1, pointer.size.width - 2 * SliderTrack.knobRadius)
                    let fraction = (pointer.location.x - SliderTrack.knobRadius) / travel
                    value.wrappedValue = model.value(atFraction: fraction)
                case .up:
                    onEditingChanged(false)
                case .hovered, .exited:
                    break
                }
            }
            .focusable { press in
                switch press.key {
                case .leftArrow: value.wrappedValue = model.stepped(current, by: -1)
                case .rightArrow: value.wrappedValue = model.stepped(current, by: 1)
                case .home: value.wrappedValue = model.clamped(bounds.lowerBound)
                case .end: value.wrappedValue = model.clamped(bounds.upperBound)
                default: return false
                }
                return true
            }
            .accessibilityLabel(title)
            .accessibilityValue(
                AccessibilityNumericValue.percentText(model.fraction(of: current)), current: current,
                in: bounds,
                step: model.keyStep
            )
            .accessibilityAdjustableAction { direction in
                value.wrappedValue = model.stepped(current, by: direction == .increment ? 1 : -1)
            }
            .accessibilitySetValueAction { value.wrappedValue = model.clamped($0) }
    }
}

/// The arithmetic of a slider's range and steps.
struct SliderModel {
    let bounds: ClosedRange<Double>
    let step: Double?

    /// How far a key or a screen reader's step moves the value.
    var keyStep: Double { step ?? (bounds.upperBound - bounds.lowerBound) / 20 }

    /// `value` held to the range and, with a step, to whole steps from its start.
    func clamped(_ value: Double) -> Double {
        guard value.isFinite else { return bounds.lowerBound }
        var result = min(max(value, bounds.lowerBound), bounds.upperBound)
        if let step {
            result = bounds.lowerBound + ((result - bounds.lowerBound) / step).rounded() * step
            // The last whole step may fall short of the end; never past it.
            if result > bounds.upperBound { result -= step }
        }
        return result
    }

    func fraction(of value: Double) -> Double {
        let span = bounds.upperBound - bounds.lowerBound
        return span > 0 ? (value - bounds.lowerBound) / span : 0
    }

    func value(atFraction fraction: Double) -> Double {
        clamped(bounds.lowerBound + min(max(fraction, 0), 1) * (bounds.upperBound - bounds.lowerBound))
    }

    func stepped(_ value: Double, by steps: Double) -> Double {
        clamped(value + steps * keyStep)
    }
}

/// The drawn part of a slider: the track, filled up to the knob.
struct SliderTrack: PrimitiveWidget, Equatable {
    static let height = 24.0
    static let knobRadius = 9.0
    static let trackThickness = 4.0
    static let idealWidth = 160.0

    let fraction: Double

    func makeNode() -> Node { SliderTrackNode() }
}

@MainActor
final class SliderTrackNode: LeafNode<SliderTrack> {
    override func computeSize(_ proposal: ProposedSize) -> Size {
        Size(width: proposal.width ?? SliderTrack.idealWidth, height: SliderTrack.height)
    }

    override func draw(_ context: DrawContext) {
        guard let content, context.needsDrawing(frame) else { return }
        let radius = SliderTrack.knobRadius
        let travel = max(0, frame.width - 2 * radius)
        let knobX = frame.minX + radius + travel * min(max(content.fraction, 0), 1)
        let track = Rect(
            x: frame.minX + radius, y: frame.midY - SliderTrack.trackThickness / 2, width: travel,
            height: SliderTrack.trackThickness)
        context.setSource(WidgetEnvironment.emptyTrack)
        cairo_rectangle(context.cairo, track.minX, track.minY, track.width, track.height)
        cairo_fill(context.cairo)
        context.setSource(environment.resolvedTint)
        cairo_rectangle(context.cairo, track.minX, track.minY, knobX - track.minX, track.height)
        cairo_fill(context.cairo)
        context.setSource(.white)
        cairo_arc(context.cairo, knobX, frame.midY, radius, 0, 2 * Double.pi)
        cairo_fill(context.cairo)
    }
}
