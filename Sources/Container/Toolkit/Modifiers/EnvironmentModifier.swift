struct EnvironmentModifier: NodeModifier {
    enum Change {
        case foregroundColor(Color)
        case font(Font)
        case disabled(Bool)
        case context(Context)
        case focusRingColor(Color)
        case prefersDefaultFocus(Bool)
        case tint(Color)
        case menu(MenuPresentation)
    }

    let change: Change

    func makeNode() -> ModifierNode { EnvironmentNode() }
}

/// Changes an environment value for its subtree; `disabled(true)` also dims it.
@MainActor
final class EnvironmentNode: ModifierNode {
    private var change = EnvironmentModifier.Change.disabled(false)

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        guard let environmentModifier = modifier as? EnvironmentModifier else { return }
        change = environmentModifier.change
    }

    override var childEnvironment: WidgetEnvironment {
        var environment = self.environment
        switch change {
        case .foregroundColor(let color): environment.foregroundColor = color
        case .font(let font): environment.font = font
        case .disabled(let disabled): environment.isEnabled = environment.isEnabled && !disabled
        case .context(let context): environment.context = context
        case .focusRingColor(let color): environment.focusRingColor = color
        case .prefersDefaultFocus(let prefers): environment.prefersDefaultFocus = prefers
        case .tint(let color): environment.tint = color
        case .menu(let menu): environment.menu = menu
        }
        return environment
    }

    /// Disabled content is drawn at half opacity.
    static let disabledOpacity = 0.5

    override func draw(_ context: DrawContext) {
        guard case .disabled(true) = change else { return super.draw(context) }
        context.withOpacity(Self.disabledOpacity) { super.draw(context) }
    }
}

extension Widget {
    /// Draws text, symbols and shapes of this subtree in `color`.
    public func foregroundColor(_ color: Color) -> some Widget {
        modifier(EnvironmentModifier(change: .foregroundColor(color)))
    }

    /// Sets the font of texts (and the size of symbols) in this subtree.
    public func font(_ font: Font) -> some Widget {
        modifier(EnvironmentModifier(change: .font(font)))
    }

    /// Makes `WithService` in this subtree read services from `context` instead of the host's.
    func environmentContext(_ context: Context) -> some Widget {
        modifier(EnvironmentModifier(change: .context(context)))
    }

    /// The colour the controls of this subtree show their "on", filled and highlighted parts in: a
    /// `Toggle`'s switch while on, a `Slider`'s track up to the knob, a `ProgressView`, the menu row
    /// under the pointer.
    public func tint(_ color: Color) -> some Widget {
        modifier(EnvironmentModifier(change: .tint(color)))
    }

    /// When `disabled`, the subtree ignores input and is drawn dimmed.
    public func disabled(_ disabled: Bool) -> some Widget {
        modifier(EnvironmentModifier(change: .disabled(disabled)))
    }
}
