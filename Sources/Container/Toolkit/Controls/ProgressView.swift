import CCairo
import Foundation

/// How far a task has got, or that one is under way, as SwiftUI's `ProgressView`: with a value,
/// a bar filled in the ``Widget/tint(_:)`` colour; without one, a spinning arc.
///
/// ```swift
/// ProgressView("Downloading", value: download.received, total: download.size)
/// ProgressView()  // a spinner
/// ```
///
/// A title, when given, shows above the bar (beside the spinner). A `nil` value makes the bar a
/// stripe sweeping along it. Values outside `0...total` are held to it. While a spinner or a
/// sweeping stripe shows, the window draws it at the display's rate; removed, it costs nothing.
/// A screen reader hears a progress bar named by the title, at a percentage.
public struct ProgressView: Widget {
    private let title: String?
    private let fraction: Double?
    private let isLinear: Bool

    /// A spinner, with `title` beside it.
    public init(_ title: String? = nil) {
        self.title = title
        fraction = nil
        isLinear = false
    }

    /// A bar `value / total` full (`nil`: under way, amount unknown), with `title` above it.
    public init(_ title: String? = nil, value: Double?, total: Double = 1) {
        self.title = title
        fraction = value.map { value in
            guard total > 0, value.isFinite, total.isFinite else { return 0 }
            return min(max(value / total, 0), 1)
        }
        isLinear = true
    }

    public var body: some Widget {
        let indicator = ProgressIndicator(fraction: fraction, isLinear: isLinear)
        Group {
            if isLinear {
                VStack(alignment: .leading, spacing: 6) {
                    if let title { Text(title) }
                    indicator
                }
            } else {
                HStack(spacing: 8) {
                    indicator
                    if let title { Text(title) }
                }
            }
        }
        .accessibilityRole(.progressIndicator)
        .accessibilityLabel(title ?? "Progress")
        .accessibilityValue(
            fraction.map(AccessibilityNumericValue.percentText) ?? "In progress", current: fraction ?? 0,
            in: 0...1)
    }
}

/// The drawn part of a ``ProgressView``.
struct ProgressIndicator: PrimitiveWidget, Equatable {
    static let barHeight = 4.0
    static let idealBarWidth = 160.0
    static let spinnerSide = 20.0
    /// Seconds a spinner takes to turn once, and a stripe to sweep the bar.
    static let period = 1.0

    let fraction: Double?
    let isLinear: Bool

    var isIndeterminate: Bool { fraction == nil }

    func makeNode() -> Node { ProgressIndicatorNode() }
}

@MainActor
final class ProgressIndicatorNode: LeafNode<ProgressIndicator> {
    /// Where the spinner or stripe is in its period, 0..<1.
    private var phase = 0.0
    private var startTime: Double?

    override func update(from widget: any Widget, in tree: WidgetTree) {
        super.update(from: widget, in: tree)
        guard let content else { return }
        if content.isIndeterminate {
            if startTime == nil {
                startTime = tree.frameTime
                tree.startAnimating(self)
            }
        } else if startTime != nil {
            startTime = nil
            tree.stopAnimating(self)
        }
    }

    override func advanceAnimations(to time: Double) -> Bool {
        guard let startTime else { return false }
        phase = ((time - startTime) / ProgressIndicator.period).truncatingRemainder(dividingBy: 1)
        invalidatePaint()
        return true
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        guard let content, content.isLinear else {
            return Size(width: ProgressIndicator.spinnerSide, height: ProgressIndicator.spinnerSide)
        }
        return Size(
            width: proposal.width ?? ProgressIndicator.idealBarWidth, height: ProgressIndicator.barHeight)
    }

    override func draw(_ context: DrawContext) {
        guard let content, context.needsDrawing(frame) else { return }
        let tint = environment.resolvedTint
        let cairo = context.cairo
        if content.isLinear {
            context.setSource(WidgetEnvironment.emptyTrack)
            cairo_rectangle(cairo, frame.minX, frame.minY, frame.width, frame.height)
            cairo_fill(cairo)
            // The filled part, or a stripe a third of the bar long sweeping across it.
            let (start, length) = content.fraction.map { (0.0, $0) } ?? (phase * 4 / 3 - 1 / 3, 1 / 3)
            let from = max(0, start)
            let to = min(1, start + length)
            guard to > from else { return }
            context.setSource(tint)
            cairo_rectangle(
                cairo, frame.minX + from * frame.width, frame.minY, (to - from) * frame.width, frame.height)
            cairo_fill(cairo)
        } else {
            // Three quarters of a ring, turning once a period.
            let radius = min(frame.width, frame.height) / 2 - 2
            let start = phase * 2 * Double.pi - Double.pi / 2
            cairo_new_sub_path(cairo)
            cairo_arc(cairo, frame.midX, frame.midY, radius, start, start + 1.5 * Double.pi)
            context.setSource(environment.foregroundColor.opacity(0.8))
            cairo_set_line_width(cairo, 2.5)
            cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
            cairo_stroke(cairo)
        }
    }
}
