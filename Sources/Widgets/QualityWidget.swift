/// The view model of ``QualityWidget``: the renditions of a multi-rendition stream in words, and
/// the menu in the plugin overlay.
///
/// > Important: Main actor only; created by the context.
public final class QualityService: Service {
    @StateSync(serviceType: RenderService.self, keyPath: \.$qualities) var qualities
    @StateSync(serviceType: RenderService.self, keyPath: \.$quality) var quality
    @StateSync(serviceType: RenderService.self, keyPath: \.$currentRendition) var currentRendition
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme

    /// The renditions a menu lists, highest first (the playlist's order may be any).
    public var renditions: [Rendition] {
        qualities.sorted { ($0.height ?? 0, $0.bitRate ?? 0) > ($1.height ?? 0, $1.bitRate ?? 0) }
    }

    /// What a menu offers: `.auto`, then each rendition, highest first; empty for an item of one
    /// rendition.
    public var choices: [Quality] {
        qualities.isEmpty ? [] : [.auto] + renditions.map { .fixed($0.id) }
    }

    /// The choice in force.
    public var current: Quality { quality }

    /// How a choice is written: "Auto (720p)" while the player chooses and plays 720p, "Auto" before
    /// it plays one, a fixed rendition by its label ("360p"), with its bit rate when another
    /// rendition has the same height ("720p · 2.5 Mbit/s").
    public func label(_ choice: Quality) -> String {
        switch choice {
        case .auto:
            return currentRendition.map { "Auto (\($0.label(among: qualities)))" } ?? "Auto"
        case .fixed(let id):
            return qualities.first { $0.id == id }?.label(among: qualities) ?? "Auto"
        }
    }

    /// Moves to the next choice, round the list (Auto, then the highest rendition down): what a
    /// quality button that cycles does.
    public func cycle() {
        guard !choices.isEmpty else { return }
        let index = choices.firstIndex(of: quality) ?? 0
        choose(choices[(index + 1) % choices.count])
    }

    /// Shows the menu of qualities in the middle of the player.
    public func presentMenu() {
        context?.plugin.present(.center) { QualityMenu() }
    }

    /// Plays `choice`, says so in a toast and closes the menu.
    public func choose(_ choice: Quality) {
        guard let context else { return }
        context.render.setQuality(choice)
        context.toast.toast(choice == .auto ? "Quality Auto" : "Quality \(label(choice))")
        context.plugin.dismiss()
    }
}

/// A button showing the quality ("Auto (720p)", "360p") of a stream that offers several renditions
/// (an HLS ladder); a tap opens a menu of "Auto" and each rendition, highest first. It shows nothing
/// for an item of one rendition.
///
/// ```swift
/// context.control.configure(.fullScreen(.top1)) { [TitleWidget(), Spacer(), QualityWidget()] }
/// ```
public struct QualityWidget: Widget {
    /// A quality button.
    public init() {}

    public var body: some Widget {
        WithService(QualityService.self) { service in
            if !service.qualities.isEmpty {
                ChoiceButton(
                    symbol: .settings, name: "Quality", label: service.label(service.quality),
                    theme: service.theme,
                    identifier: "quality"
                ) { service.presentMenu() }
            }
        }
    }
}

/// The menu ``QualityService`` presents: "Auto (…)" then every rendition; the choice in force is in
/// the accent colour.
public struct QualityMenu: Widget {
    /// The menu of the context's ``QualityService``.
    public init() {}

    public var body: some Widget {
        WithService(QualityService.self) { service in
            ChoiceMenu(
                choices: service.choices, current: service.quality, width: 120, theme: service.theme,
                label: service.label, identifier: Self.identifier, choose: service.choose)
        }
    }

    /// "quality.auto", "quality.2": the identifier of a menu row.
    public static func identifier(_ choice: Quality) -> String {
        switch choice {
        case .auto: "quality.auto"
        case .fixed(let id): "quality.\(id)"
        }
    }
}
