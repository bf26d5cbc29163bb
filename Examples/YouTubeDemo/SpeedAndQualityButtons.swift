import VideoPlayerWidgets

/// The speed: an icon at normal speed, the rate otherwise; a click moves to the next rate.
struct SpeedButton: Widget {
    static let rates = [1.0, 1.25, 1.5, 2, 0.5]

    var body: some Widget {
        WithService(RenderService.self) { render in
            Group {
                if render.rate == 1 {
                    Symbol(.speed).font(Font(size: 24))
                } else {
                    Text(Self.label(render.rate)).font(Font(size: 15, weight: .bold))
                }
            }
            .foregroundColor(.white)
            .padding(4)
            .contentShape()
            .onTap { Self.select(Self.nextRate(after: render.rate), in: render) }
            .focusable()
            .accessibilityIdentifier("speed")
        }
    }

    static func nextRate(after rate: Double) -> Double {
        let index = rates.firstIndex(of: rate) ?? 0
        return rates[(index + 1) % rates.count]
    }

    /// Sets the rate and says so.
    static func select(_ rate: Double, in render: RenderService) {
        render.setRate(rate)
        render.context?.toast.toast("Speed \(label(rate))")
    }

    /// "1.5×", "2×".
    static func label(_ rate: Double) -> String {
        (rate == rate.rounded() ? "\(Int(rate))" : "\(rate)") + "×"
    }
}

/// The quality of the current video ("Auto (360p)" for a stream of several renditions, "720p"); a
/// click switches to the next rendition of the stream, or to the video's next encoding.
struct QualityButton: Widget {
    var body: some Widget {
        WithService(WatchQueueService.self) { queue in
            WithService(QualityService.self) { stream in
                if !stream.choices.isEmpty {
                    Self.badge(stream.label(stream.current)) { stream.cycle() }
                } else if let video = queue.current, video.qualities.count > 1 {
                    Self.badge(video.qualities[queue.quality].label) { queue.cycleQuality() }
                }
            }
        }
    }

    private static func badge(_ label: String, action: @escaping @MainActor () -> Void) -> some Widget {
        Text(label).font(Font(size: 13, weight: .bold))
            .foregroundColor(.white)
            .padding(EdgeInsets(horizontal: 6, vertical: 3))
            .background(RoundedRectangle(cornerRadius: 4).stroke(.white, lineWidth: 1.5))
            .contentShape()
            .onTap(perform: action)
            .focusable()
            .accessibilityIdentifier("quality")
    }
}
