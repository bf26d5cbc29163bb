/// A button of a setting with several choices, as the speed and quality widgets show it: the
/// setting's icon and the choice in force, in the theme's caption font; a tap runs `action`.
/// A screen reader hears the setting's `name` and the choice as its value.
struct ChoiceButton: Widget {
    let symbol: SymbolName
    let name: String
    let label: String
    let theme: Theme
    let identifier: String
    let action: @MainActor () -> Void

    var body: some Widget {
        HStack(spacing: 2) {
            Symbol(symbol).font(Font(size: theme.iconSize))
            Text(label).font(theme.captionFont())
        }
        .foregroundColor(theme.foreground)
        .contentShape()
        .onTap(perform: action)
        .themedFocus(theme)
        .accessibilityLabel(name)
        .accessibilityValue(label)
        .accessibilityIdentifier(identifier)
    }
}

/// A column of choices on the theme's panel, the one in force in the accent colour; a tap on a row
/// chooses it. What the speed and quality menus show.
struct ChoiceMenu<Choice: Hashable>: Widget {
    let choices: [Choice]
    /// The choice in force, when it is one of `choices`.
    let current: Choice?
    /// How wide each row is.
    let width: Double
    let theme: Theme
    let label: (Choice) -> String
    let identifier: (Choice) -> String
    let choose: @MainActor (Choice) -> Void

    var body: some Widget {
        VStack(spacing: 0) {
            ForEach(choices, id: \.self) { choice in
                Text(label(choice)).font(theme.bodyFont())
                    .foregroundColor(choice == current ? theme.accent : theme.foreground)
                    .frame(width: width, height: theme.bodyFontSize * 2)
                    .contentShape()
                    .onTap { choose(choice) }
                    .themedFocus(theme)
                    .prefersDefaultFocus(choice == current)
                    .accessibilityAddTraits(choice == current ? .isSelected : [])
                    .accessibilityIdentifier(identifier(choice))
            }
        }
        .background(RoundedRectangle(cornerRadius: theme.cornerRadius).fill(theme.panelBackground))
    }
}
