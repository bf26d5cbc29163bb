/// The view model of ``SpeedWidget``: the rates offered and the menu in the plugin overlay.
///
/// > Important: Main actor only; created by the context.
public final class SpeedService: Service {
    /// The rates the menu offers, slowest first.
    @ViewState public var rates: [Double] = [0.5, 0.75, 1, 1.25, 1.5, 2]
    @StateSync(serviceType: RenderService.self, keyPath: \.$rate) var rate
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme

    /// How a rate is written: "1×", "1.5×".
    public static func label(_ rate: Double) -> String {
        let rounded = (rate * 100).rounded() / 100
        let number = rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
        return number + "×"
    }

    /// Shows the menu of rates in the middle of the player.
    public func presentMenu() {
        context?.plugin.present(.center) { SpeedMenu() }
    }

    /// Plays at `rate`, says so in a toast and closes the menu.
    public func choose(_ rate: Double) {
        guard let context else { return }
        context.render.setRate(rate)
        context.toast.toast("Speed \(Self.label(rate))")
        context.plugin.dismiss()
    }

    /// Moves to the next offered rate up (`steps` > 0) or down, for keyboard shortcuts.
    public func step(_ steps: Int) {
        let index = rates.firstIndex { $0 >= rate - 0.001 } ?? rates.endIndex - 1
        let target = min(max(index + steps, 0), rates.count - 1)
        guard rates.indices.contains(target), rates[target] != rate else { return }
        choose(rates[target])
    }
}

/// A button showing the current rate ("1.5×"); a tap opens a menu of rates in the plugin overlay,
/// and choosing one toasts it ("Speed 1.5×").
///
/// ```swift
/// context[SpeedService.self].rates = [1, 1.5, 2, 3]
/// context.control.configure(.fullScreen(.top1)) { [TitleWidget(), Spacer(), SpeedWidget()] }
/// ```
public struct SpeedWidget: Widget {
    /// A speed button.
    public init() {}

    public var body: some Widget {
        WithService(SpeedService.self) { service in
            ChoiceButton(
                symbol: .speed, name: "Speed", label: SpeedService.label(service.rate), theme: service.theme,
                identifier: "speed"
            ) { service.presentMenu() }
        }
    }
}

/// The menu of rates ``SpeedService`` presents; the current one is in the accent colour.
public struct SpeedMenu: Widget {
    /// The menu of the context's ``SpeedService``.
    public init() {}

    public var body: some Widget {
        WithService(SpeedService.self) { service in
            ChoiceMenu(
                choices: service.rates, current: service.rates.first { abs($0 - service.rate) < 0.001 },
                width: 72, theme: service.theme, label: SpeedService.label,
                identifier: { "speed.\(SpeedService.label($0))" }, choose: service.choose)
        }
    }
}
