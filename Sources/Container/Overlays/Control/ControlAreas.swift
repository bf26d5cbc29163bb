/// The areas of the control overlay for the current status, ready to arrange: what a custom
/// layout (``ControlService/configure(layout:)``) receives.
@MainActor
public struct ControlAreas {
    let status: ScreenStatus
    let isPresented: Bool
    let widgets: [ControlSlot: [AnyWidget]]
    let transitions: [ControlArea: Transition]
    /// Where the areas' frames are reported.
    let control: ControlService
    /// Space between the widgets of an area, and between areas in the default layout.
    public let spacing: Double
    /// The insets configured for the current status.
    public let insets: EdgeInsets

    /// The widgets of `area` in a row (a column for `.left` and `.right`) with the area's
    /// transition; nothing while the controls are hidden or the area is empty.
    ///
    /// A top or bottom row spans the overlay's width and starts at its leading edge, so a lone
    /// title sits at the left as a text would; put a ``Spacer`` on each side of a widget to centre
    /// it, or before it to push it to the trailing edge. Side columns and the centre area are as
    /// tall and wide as their widgets, centred in their place.
    public subscript(area: ControlArea) -> AnyWidget {
        let content = widgets[ControlSlot(status, area)] ?? []
        guard isPresented, !content.isEmpty else { return AnyWidget(EmptyWidget()) }
        let items = ForEach(content.indices, id: \.self) { content[$0] }
        let transition = transitions[area] ?? area.defaultTransition
        let control = control
        let report = { @MainActor (reporter: ObjectIdentifier, report: FrameReport) in
            control.record(report, of: area, by: reporter)
        }
        if area.isVertical {
            return AnyWidget(
                VStack(spacing: spacing) { items }.reportingFrame(to: report).transition(transition))
        }
        guard area != .center else {
            return AnyWidget(
                HStack(spacing: spacing) { items }.reportingFrame(to: report).transition(transition))
        }
        return AnyWidget(
            HStack(spacing: spacing) { items }.frame(maxWidth: .infinity, alignment: .leading)
                .reportingFrame(to: report).transition(transition))
    }
}
