/// Values passed down the tree to every descendant: the context, colours, font, input state.
struct WidgetEnvironment: Equatable {
    var context: Context?
    /// Player interfaces sit over video, so content is white unless told otherwise.
    var foregroundColor = Color.white
    var font = Font.body
    var isEnabled = true
    /// The colour of focus rings; `nil`: the toolkit's blue.
    var focusRingColor: Color?
    /// The colour controls show their "on" and filled parts in; `nil`: ``defaultTint``.
    var tint: Color?
    /// Whether a focusable widget appearing here takes the focus from the keyboard user.
    var prefersDefaultFocus = false
    /// The open menu this subtree is the list of: buttons inside are its rows, and close it.
    var menu: MenuPresentation?

    static func == (lhs: WidgetEnvironment, rhs: WidgetEnvironment) -> Bool {
        lhs.context === rhs.context && lhs.foregroundColor == rhs.foregroundColor && lhs.font == rhs.font
            && lhs.isEnabled == rhs.isEnabled && lhs.focusRingColor == rhs.focusRingColor
            && lhs.prefersDefaultFocus == rhs.prefersDefaultFocus && lhs.tint == rhs.tint
            && lhs.menu === rhs.menu
    }

    /// The toolkit's accent blue, for controls without a ``Widget/tint(_:)``.
    static let defaultTint = Color(red: 0.04, green: 0.52, blue: 1)
    /// The grey of a control's empty or "off" track: a switch while off, a slider past its knob,
    /// a progress bar past its value.
    static let emptyTrack = Color(white: 0.5, alpha: 0.55)

    /// The tint in force: ``tint``, or ``defaultTint`` without one.
    var resolvedTint: Color { tint ?? Self.defaultTint }
}
