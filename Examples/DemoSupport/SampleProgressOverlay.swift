import VideoPlayerWidgets

/// The demos' samples as they are made, over the player: a bar with "Preparing samples 2 of 4"
/// and the sample under way, gone once all are made. It sits in the middle of the player until a
/// sample is ready, then at its top, out of the picture's way. When none could be made, it says
/// why.
///
/// ```swift
/// context.container.insert(overlay: "samples", above: .control) { SampleProgressOverlay() }
/// ```
public struct SampleProgressOverlay: Widget {
    /// The overlay of the context's ``SamplePreparationService``.
    public init() {}

    public var body: some Widget {
        WithService(SamplePreparationService.self) { samples in
            let progress = samples.progress
            if !progress.isDone {
                VStack(alignment: .leading, spacing: 8) {
                    ProgressView(
                        progress.summary, value: Double(progress.finished), total: Double(progress.total))
                    Text(progress.current ?? " ").font(.caption).lineLimit(1)
                        .foregroundColor(Color(white: 0.75))
                }
                .foregroundColor(.white)
                .frame(width: 320)
                .panel()
                .accessibilityIdentifier("samples.progress")
                .padding(.top, 16)
                .frame(
                    maxWidth: .infinity, maxHeight: .infinity,
                    alignment: progress.finished > progress.failures.count ? .top : .center)
            } else if progress.total > 0, let failure = progress.failures.last,
                progress.failures.count == progress.total
            {
                Text("The samples could not be made: \(failure.message)").font(.body).lineLimit(4)
                    .foregroundColor(.white)
                    .frame(maxWidth: 480)
                    .panel()
                    .accessibilityIdentifier("samples.failed")
            }
        }
    }
}

extension Widget {
    /// A dark rounded panel around the widget.
    fileprivate func panel() -> some Widget {
        padding(16).background(RoundedRectangle(cornerRadius: 10).fill(Color(white: 0.08, alpha: 0.9)))
    }
}
