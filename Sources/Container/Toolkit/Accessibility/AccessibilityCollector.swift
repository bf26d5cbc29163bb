/// An element with what it takes to act on it.
@MainActor
struct AccessibilityRecord {
    var element: AccessibilityElement
    var activate: (@MainActor () -> Void)?
    var adjust: (@MainActor (AccessibilityAdjustmentDirection) -> Void)?
    var setValue: (@MainActor (Double) -> Void)?
    var focusTarget: (any FocusTarget)?

    /// Whether the element can be acted on or focused.
    var isInteractive: Bool { !element.actions.isEmpty || element.isFocusable }
}

/// The accessibility properties of a run of single-child nodes (a widget and its modifiers),
/// gathered from the outermost in: the outermost label, value and hint win.
@MainActor
private struct ModifierRun {
    var label: String?
    var value: String?
    var numericValue: AccessibilityNumericValue?
    var hint: String?
    var addedTraits = AccessibilityTraits()
    var removedTraits = AccessibilityTraits()
    var action: (@MainActor () -> Void)?
    var tap: (@MainActor () -> Void)?
    var adjust: (@MainActor (AccessibilityAdjustmentDirection) -> Void)?
    var setValue: (@MainActor (Double) -> Void)?
    var role: AccessibilityRole?
    var focusTarget: (any FocusTarget)?
    var identifier: String?
    var isHidden = false
    /// The node the run ends on: a leaf or a node with several children.
    var end: Node

    init(from start: Node) {
        end = start
        var node = start
        while true {
            take(node)
            guard node is ModifierNode || node is CompositeNode,
                let only = node.children.first, node.children.count == 1
            else { break }
            node = only
        }
        end = node
    }

    private mutating func take(_ node: Node) {
        if node.hidesFromAccessibility { isHidden = true }
        switch node {
        case let node as AccessibilityNode:
            switch node.change {
            case .label(let text)?: label = label ?? text
            case .value(let text, let number)?:
                if value == nil { (value, numericValue) = (text, number) }
            case .hint(let text)?: hint = hint ?? text
            case .addTraits(let traits)?: addedTraits.formUnion(traits)
            case .removeTraits(let traits)?: removedTraits.formUnion(traits)
            case .action(let perform)?: action = action ?? perform
            case .adjustableAction(let handler)?: adjust = adjust ?? handler
            case .setValueAction(let handler)?: setValue = setValue ?? handler
            case .role(let given)?: role = role ?? given
            case .hidden?, nil: break
            }
        case let node as GestureNode:
            tap = tap ?? node.tapAction
        case let node as IdentifierNode:
            identifier = identifier ?? node.identifier
        default: break
        }
        if focusTarget == nil, let target = node as? any FocusTarget, target.acceptsFocus {
            focusTarget = target
        }
    }

    /// Whether the run makes a control: something that can be acted on, or one of the toolkit's
    /// controls (which say their role), all its content one element.
    var isControl: Bool { action != nil || tap != nil || adjust != nil || focusTarget != nil || role != nil }

    /// Whether the run says something of its own about its widget.
    var describes: Bool { label != nil || value != nil || hint != nil || !addedTraits.isEmpty }
}

/// Walks the widget tree in drawing order (reading order in stacks) and makes its accessibility
/// elements: controls (with everything inside them folded into their label), text, labelled
/// pictures and labelled groups.
@MainActor
struct AccessibilityCollector {
    let focused: (any FocusTarget)?
    private(set) var records: [AccessibilityRecord] = []

    init(focused: (any FocusTarget)?) {
        self.focused = focused
    }

    mutating func visit(_ node: Node) {
        let run = ModifierRun(from: node)
        guard !run.isHidden else { return }
        let end = run.end
        var inner = AccessibilityCollector(focused: focused)
        for child in end.children { inner.visit(child) }
        let content = Self.content(of: end)
        guard run.isControl || run.describes || content != nil else {
            records += inner.records
            return
        }
        // What the text inside says, but that of the controls inside.
        let innerLabel = inner.records.filter { !$0.isInteractive }.map(\.element.label)
            .filter { !$0.isEmpty }.joined(separator: ", ")
        if run.isControl && !inner.records.contains(where: \.isInteractive) {
            // A button, a slider, a field: what is inside is its label (a pop-up button's value,
            // when it is named otherwise).
            let shown = content?.label ?? innerLabel
            let isNamedPopUp = run.role == .popUpButton && run.label != nil
            records.append(
                record(
                    for: node, run: run, content: content, label: run.label ?? shown,
                    shownValue: isNamedPopUp ? shown : nil, folded: true))
            return
        }
        if let content, end.children.isEmpty {
            // Empty text (a caption between cues, a cleared label) has nothing to say.
            guard !content.label.isEmpty || content.isTextField || run.describes else { return }
            records.append(
                record(for: node, run: run, content: content, label: run.label ?? content.label, folded: true)
            )
            return
        }
        // A labelled container, or a control around other controls: it, then what is inside.
        records.append(
            record(
                for: node, run: run, content: nil, label: run.label ?? (run.isControl ? innerLabel : ""),
                folded: false))
        records += inner.records
    }

    /// What a leaf shows, as assistive technology reads it.
    private struct Content {
        var label: String
        var value: String?
        var traits: AccessibilityTraits
        var isTextField = false
        var isSecure = false
    }

    private static func content(of node: Node) -> Content? {
        switch node {
        case let text as TextNode:
            return Content(label: text.content?.string ?? "", traits: .isStaticText)
        case let field as TextFieldNode:
            let isSecure = field.field?.isSecure == true
            return Content(
                label: field.field?.placeholder ?? "", value: isSecure ? nil : field.editing.text,
                traits: [], isTextField: true, isSecure: isSecure)
        default:
            return nil
        }
    }

    private func record(
        for node: Node, run: ModifierRun, content: Content?, label: String, shownValue: String? = nil,
        folded: Bool
    ) -> AccessibilityRecord {
        var traits = content?.traits ?? []
        if run.tap != nil || run.action != nil { traits.insert(.isButton) }
        if content == nil, run.end.children.isEmpty, run.label != nil, !run.isControl {
            traits.insert(.isImage)
        }
        traits.formUnion(run.addedTraits)
        traits.subtract(run.removedTraits)
        let role = Self.role(traits: traits, run: run, content: content)
        var actions: [AccessibilityActionKind] = []
        if run.tap != nil || run.action != nil { actions.append(.activate) }
        if run.adjust != nil { actions += [.increment, .decrement] }
        if run.focusTarget != nil { actions.append(.focus) }
        let isFocused =
            focused.map { focused in
                focused === run.focusTarget || (folded && focused.ancestry.contains { $0 === node })
            } ?? false
        let element = AccessibilityElement(
            id: node.accessibilityID, role: role, label: label,
            value: run.value ?? content?.value ?? shownValue,
            numericValue: run.numericValue,
            hint: run.hint, traits: traits, identifier: run.identifier,
            frame: node.frame, actions: actions, isFocusable: run.focusTarget != nil, isFocused: isFocused,
            isEnabled: run.end.environment.isEnabled)
        return AccessibilityRecord(
            element: element, activate: run.action ?? run.tap, adjust: run.adjust, setValue: run.setValue,
            focusTarget: run.focusTarget)
    }

    private static func role(
        traits: AccessibilityTraits, run: ModifierRun, content: Content?
    ) -> AccessibilityRole {
        if let role = run.role { return role }
        if traits.contains(.isToggle) { return .toggle }
        if run.adjust != nil { return .slider }
        if let content, content.isTextField {
            if content.isSecure { return .secureTextField }
            return traits.contains(.isSearchField) ? .searchField : .textField
        }
        if traits.contains(.isLink) { return .link }
        if traits.contains(.isButton) { return .button }
        if traits.contains(.isHeader) { return .heading }
        if traits.contains(.isImage) { return .image }
        if traits.contains(.allowsDirectInteraction) { return .interactiveArea }
        if traits.contains(.isStaticText) { return .staticText }
        return .group
    }
}
