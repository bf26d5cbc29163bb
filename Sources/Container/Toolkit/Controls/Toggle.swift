/// A switch that turns a setting on and off, as SwiftUI's `Toggle` in its switch style: the label
/// on the leading side, the switch on the trailing side, the space between them taken.
///
/// ```swift
/// Toggle("Autoplay", isOn: settings.binding(\.autoplay))
/// ```
///
/// A click anywhere on it flips the value, as do Return and Space while it has the focus (Tab
/// reaches it); the knob slides over and the track takes the ``Widget/tint(_:)`` colour (the
/// toolkit's blue without one). A screen reader hears a toggle named by the label, selected while
/// on. Inside `.disabled(true)` it is dimmed and cannot be flipped.
public struct Toggle<Label: Widget>: Widget {
    private let isOn: Binding<Bool>
    private let label: Label

    /// A switch for `isOn`, described by `label`.
    public init(isOn: Binding<Bool>, @WidgetBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    public var body: some Widget {
        let isOn = self.isOn
        let on = isOn.wrappedValue
        HStack(spacing: 12) {
            // NB: a frame rather than a `Spacer` beside it: the stack would offer a long label only
            // half the room, and it would wrap early.
            label.frame(maxWidth: .infinity, alignment: .leading)
            ToggleSwitch(isOn: on)
        }
        .contentShape()
        .onTap { isOn.wrappedValue.toggle() }
        .focusable()
        .accessibilityAddTraits(on ? [.isToggle, .isSelected] : .isToggle)
    }
}

extension Toggle where Label == Text {
    /// A switch for `isOn` labelled `title`.
    public init(_ title: String, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// The switch itself: a capsule track with a round knob at the leading end while off, at the
/// trailing end on the tint while on.
struct ToggleSwitch: Widget {
    static let size = Size(width: 44, height: 24)
    static let inset = 2.0
    static let slide = Animation.easeInOut(duration: 0.15)

    let isOn: Bool

    var body: some Widget {
        let knob = Self.size.height - 2 * Self.inset
        ZStack(alignment: .leading) {
            if isOn {
                StyledShape(shape: Capsule(), style: .fillTint)
            } else {
                Capsule().fill(WidgetEnvironment.emptyTrack)
            }
            Circle().fill(.white).frame(width: knob, height: knob)
                .padding(Self.inset)
                .offset(x: isOn ? Self.size.width - knob - 2 * Self.inset : 0)
                .animation(Self.slide, value: isOn)
        }
        .frame(width: Self.size.width, height: Self.size.height)
    }
}
