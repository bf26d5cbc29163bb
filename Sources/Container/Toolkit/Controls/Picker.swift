/// A choice of one value among several, as SwiftUI's `Picker` in its menu style: the label on the
/// leading side, and on the trailing side a button showing the chosen option that opens the list
/// of options.
///
/// ```swift
/// Picker("Quality", selection: settings.binding(\.quality)) {
///     ForEach(Quality.allCases, id: \.self) { quality in
///         Text(quality.label).tag(quality)
///     }
/// }
/// ```
///
/// Each option is one widget of `content` marked with ``Widget/tag(_:)`` (the outermost
/// modifier); options without a tag of the selection's type are left out. The list opens as a
/// ``Menu``'s does, with a check mark at the chosen option; choosing one writes it to `selection`
/// and closes the list. A screen reader hears a pop-up button named by the label, whose value is
/// the chosen option, then the options as menu items, the chosen one selected.
public struct Picker<Label: Widget, SelectionValue: Hashable, Content: Widget>: Widget {
    private let selection: Binding<SelectionValue>
    private let label: Label
    private let content: Content
    private let title: String?

    /// A picker of `content`'s tagged options for `selection`, described by `label`.
    public init(
        selection: Binding<SelectionValue>, @WidgetBuilder content: () -> Content,
        @WidgetBuilder label: () -> Label
    ) {
        self.selection = selection
        self.content = content()
        self.label = label()
        title = nil
    }

    public var body: some Widget {
        let button = PickerButton(
            selection: selection, options: PickerOption.options(in: content, of: SelectionValue.self))
        HStack(spacing: 12) {
            if let title {
                // The button says it: a reader hears one pop-up button named by the title.
                label.frame(maxWidth: .infinity, alignment: .leading).accessibilityHidden(true)
                button.accessibilityLabel(title)
            } else {
                label.frame(maxWidth: .infinity, alignment: .leading)
                button
            }
        }
    }
}

/// The button of a picker, showing the chosen option, and its list.
struct PickerButton<Value: Hashable>: Widget {
    let selection: Binding<Value>
    let options: [PickerOption<Value>]

    var body: some Widget {
        let selection = self.selection
        let current = selection.wrappedValue
        let options = self.options
        let chosen = options.first { $0.value == current }
        LocalState(false) { isOpen in
            MenuButton(isOpen: isOpen) {
                if let chosen { AnyWidget(chosen.widget) }
            } list: {
                ForEach(options, id: \.value) { option in
                    MenuRow(isChecked: option.value == current) {
                        selection.wrappedValue = option.value
                        isOpen.wrappedValue = false
                    } label: {
                        AnyWidget(option.widget)
                    }
                }
            }
        }
        .accessibilityRole(.popUpButton)
    }
}

extension Picker where Label == Text {
    /// A picker of `content`'s tagged options for `selection`, labelled `title`.
    public init(_ title: String, selection: Binding<SelectionValue>, @WidgetBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
        self.label = Text(title)
        self.title = title
    }
}

/// One option of a picker: the widget shown for it and the value it stands for.
struct PickerOption<Value: Hashable> {
    let value: Value
    let widget: any Widget

    /// The members of `content` tagged with a `Value`, in order; a value tagged twice counts once.
    @MainActor
    static func options(in content: some Widget, of type: Value.Type) -> [PickerOption] {
        var seen = Set<Value>()
        return flattenedChildren(of: content).compactMap { child in
            guard let modified = child.widget as? any ModifiedWidget,
                let value = (modified.anyModifier as? TagModifier)?.value.base as? Value,
                seen.insert(value).inserted
            else { return nil }
            return PickerOption(value: value, widget: modified.anyContent)
        }
    }
}

struct TagModifier: NodeModifier {
    let value: AnyHashable

    func makeNode() -> ModifierNode { ModifierNode() }
}

extension Widget {
    /// Marks the widget as the option for `value` of the ``Picker`` it is in.
    public func tag<Value: Hashable>(_ value: Value) -> some Widget {
        modifier(TagModifier(value: AnyHashable(value)))
    }
}
