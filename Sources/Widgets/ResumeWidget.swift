/// "Resume from 12:34" with a close button: ``ResumeService``'s offer, which it shows in
/// `context.plugin` by itself. A tap goes back to where the item was left; the close button, or
/// waiting, plays on from the start. It draws nothing while there is no offer.
///
/// ```swift
/// context[ResumeService.self].presentsOffer = false   // place it yourself instead
/// context.control.configure(.halfScreen(.top1)) { [ResumeWidget(), Spacer()] }
/// ```
public struct ResumeWidget: Widget {
    /// The resume offer.
    public init() {}

    public var body: some Widget {
        WithService(ResumeService.self) { service in
            if let offer = service.offer {
                let theme = service.theme
                let label = "Resume from \(TimeFormat.string(offer.position))"
                HStack(spacing: theme.spacing) {
                    HStack(spacing: theme.spacing / 2) {
                        Symbol(.play).font(theme.bodyFont()).foregroundColor(theme.foreground)
                        Text(label).font(theme.bodyFont().bold()).foregroundColor(theme.foreground)
                    }
                    .contentShape()
                    .onTap { service.acceptOffer() }
                    .themedFocus(theme)
                    .accessibilityLabel(label)
                    .accessibilityIdentifier("resume.accept")
                    Symbol(.close).font(theme.bodyFont()).foregroundColor(theme.secondaryForeground)
                        .contentShape()
                        .onTap { service.declineOffer() }
                        .themedFocus(theme)
                        .accessibilityLabel("Start over")
                        .accessibilityIdentifier("resume.decline")
                }
                .padding(EdgeInsets(top: 8, leading: 14, bottom: 8, trailing: 14))
                .background(
                    RoundedRectangle(cornerRadius: theme.cornerRadius).fill(Color.black.opacity(0.75))
                )
                .padding(theme.spacing * 2)
            }
        }
    }
}
