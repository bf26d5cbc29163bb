extension ControlService {
    /// Puts `content`'s widgets, left to right (top to bottom for `.left` and `.right`), into one
    /// area of one status; an empty array clears it.
    public func configure(_ slot: ControlSlot, content: () -> [any Widget]) {
        configure([slot], content: content)
    }

    /// Puts the same widgets into several slots: `[.halfScreen(.bottom1), .fullScreen(.bottom1)]`.
    public func configure(_ slots: [ControlSlot], content: () -> [any Widget]) {
        let made = content().map { AnyWidget($0) }
        var updated = widgets
        for slot in slots { updated[slot] = made }
        widgets = updated
    }

    /// How `areas` enter and leave (by default top areas slide from the top, bottom ones from the
    /// bottom, the sides from their side, the centre fades).
    public func configure(transition: Transition, for areas: [ControlArea]) {
        var updated = transitions
        for area in areas { updated[area] = transition }
        transitions = updated
    }

    /// The scrims behind the controls; `nil` draws none.
    public func configure(shadow: ControlShadow?) {
        self.shadow = shadow
    }

    /// Space between the overlay's edges and its areas in `statuses` (8 points by default).
    public func configure(insets: EdgeInsets, for statuses: [ScreenStatus] = ScreenStatus.allCases) {
        var updated = self.insets
        for status in statuses { updated[status] = insets }
        self.insets = updated
    }

    /// Space between areas and between the widgets of an area.
    public func configure(spacing: Double) {
        self.spacing = spacing
    }

    /// Replaces the default arrangement of the areas: `layout` receives each area's widget (with
    /// its transition, absent while hidden) and returns the overlay's content.
    ///
    /// ```swift
    /// context.control.configure { areas in
    ///     HStack { areas[.left]; Spacer(); areas[.center]; Spacer(); areas[.right] }
    /// }
    /// ```
    public func configure(layout: @escaping @MainActor (ControlAreas) -> some Widget) {
        self.layout = { AnyWidget(layout($0)) }
    }

    /// Goes back to the default arrangement.
    public func resetLayout() {
        layout = nil
    }

    /// Insets in effect for `status`.
    func insets(for status: ScreenStatus) -> EdgeInsets {
        insets[status] ?? EdgeInsets(all: 8)
    }
}
