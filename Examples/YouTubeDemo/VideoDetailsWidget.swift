import DemoSupport
import VideoPlayerWidgets

/// The page under the player: the title, the channel row (avatar, name, Subscribe, likes, share)
/// and the description box.
struct VideoDetailsWidget: Widget {
    var body: some Widget {
        WithService(WatchQueueService.self) { queue in
            if let video = queue.current {
                VStack(alignment: .leading, spacing: 10) {
                    Text(video.title).font(Font(size: 20, weight: .bold)).lineLimit(1)
                        .foregroundColor(YouTubeStyle.primaryText)
                        .accessibilityIdentifier("page.title")
                    HStack(spacing: 12) {
                        ChannelAvatar(name: video.channel, color: video.channelColor, side: 40)
                        VStack(alignment: .leading, spacing: 2) {
                            Text(video.channel).font(Font(size: 16, weight: .bold)).lineLimit(1)
                                .foregroundColor(YouTubeStyle.primaryText)
                            Text(video.subscribers).font(.caption).foregroundColor(YouTubeStyle.secondaryText)
                        }
                        SubscribeButton(channel: video.channel)
                        Spacer()
                        LikeDislikeWidget(video: video)
                        ShareButton(label: "Share")
                    }
                    VStack(alignment: .leading, spacing: 4) {
                        Text(video.stats).font(Font(size: 14, weight: .bold))
                        Text(video.description).font(.body).lineLimit(2)
                    }
                    .foregroundColor(YouTubeStyle.primaryText)
                    .padding(12)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .background(RoundedRectangle(cornerRadius: 12).fill(YouTubeStyle.raised))
                }
            }
        }
    }
}

/// A channel's picture: a coloured circle with the name's initial.
struct ChannelAvatar: Widget {
    let name: String
    let color: Color
    let side: Double

    var body: some Widget {
        ZStack {
            Circle().fill(color)
            Text(String(name.prefix(1))).font(Font(size: side * 0.45, weight: .bold)).foregroundColor(.white)
        }
        .frame(width: side, height: side)
        // The name is written beside it; a reader need not spell its initial.
        .accessibilityHidden(true)
    }
}

/// YouTube's Subscribe button: white until subscribed, then grey "Subscribed".
struct SubscribeButton: Widget {
    let channel: String

    var body: some Widget {
        WithService(EngagementService.self) { engagement in
            let isSubscribed = engagement.subscribed.contains(channel)
            Pill(fill: isSubscribed ? YouTubeStyle.raised : YouTubeStyle.primaryText) {
                Text(isSubscribed ? "Subscribed" : "Subscribe").font(Font(size: 14, weight: .bold))
                    .foregroundColor(isSubscribed ? YouTubeStyle.primaryText : .black)
            }
            .contentShape()
            .onTap { engagement.toggleSubscription(to: channel) }
            .focusable()
            .accessibilityIdentifier("subscribe")
        }
    }
}

/// Share: the demo has no share sheet, so it tells where the file is.
struct ShareButton: Widget {
    var label: String?

    var body: some Widget {
        WithService(WatchQueueService.self) { queue in
            Pill {
                HStack(spacing: 6) {
                    Symbol(.share).font(Font(size: 18))
                    if let label { Text(label).font(Font(size: 14, weight: .bold)) }
                }
                .foregroundColor(YouTubeStyle.primaryText)
            }
            .contentShape()
            .onTap {
                let location = queue.current?.qualities[queue.quality].url.path ?? ""
                queue.context?.toast.toast("Share: \(location)")
            }
            .focusable()
            .accessibilityIdentifier("share")
        }
    }
}
