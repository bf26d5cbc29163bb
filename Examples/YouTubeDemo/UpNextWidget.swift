import DemoSupport
import VideoPlayerWidgets

/// The column beside the player: the queue after the current video, narrowed to what the search
/// field matches; a click plays that video.
struct UpNextWidget: Widget {
    var body: some Widget {
        WithService(WatchQueueService.self) { queue in
            WithService(SearchService.self) { search in
                let entries = queue.upNext.filter { search.matches($0.video) }
                VStack(alignment: .leading, spacing: 10) {
                    Text(search.query.isEmpty ? "Up next" : "Up next matching “\(search.query)”")
                        .font(Font(size: 16, weight: .bold)).lineLimit(1)
                        .foregroundColor(YouTubeStyle.primaryText)
                    if entries.isEmpty && !search.query.isEmpty {
                        Text("No videos match.").font(.body).foregroundColor(YouTubeStyle.secondaryText)
                    }
                    ForEach(entries, id: \.index) { entry in
                        UpNextRow(video: entry.video)
                            .contentShape()
                            .onTap { queue.play(at: entry.index) }
                            .focusable()
                            .accessibilityIdentifier("upNext.\(entry.index)")
                    }
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            }
        }
    }
}

/// One video of the list: a thumbnail card with the duration, the title, the channel and stats.
struct UpNextRow: Widget {
    let video: DemoVideo

    var body: some Widget {
        HStack(alignment: .top, spacing: 8) {
            ZStack(alignment: .bottomTrailing) {
                RoundedRectangle(cornerRadius: 8).fill(video.channelColor.opacity(0.8))
                Symbol(.play).font(Font(size: 28)).foregroundColor(Color(white: 1, alpha: 0.8))
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                if let duration = video.duration {
                    Text(DurationText.string(duration)).font(Font(size: 11, weight: .bold))
                        .foregroundColor(.white)
                        .padding(EdgeInsets(horizontal: 4, vertical: 1))
                        .background(RoundedRectangle(cornerRadius: 4).fill(Color(white: 0, alpha: 0.8)))
                        .padding(4)
                }
            }
            .frame(width: 168, height: 94)
            VStack(alignment: .leading, spacing: 4) {
                Text(video.title).font(Font(size: 14, weight: .bold)).lineLimit(2)
                    .foregroundColor(YouTubeStyle.primaryText)
                Text(video.channel).font(.caption).foregroundColor(YouTubeStyle.secondaryText)
                Text(video.stats).font(.caption).lineLimit(1).foregroundColor(YouTubeStyle.secondaryText)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}
