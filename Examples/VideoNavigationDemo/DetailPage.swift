import DemoSupport
import VideoPlayerWidgets

/// One video's page: a header with the way back, room for the player (drawn above by the
/// ``PlayerLayer``), the title, channel and description, and the other videos beside.
struct DetailPage: Widget {
    var body: some Widget {
        WithService(NavigationService.self) { navigation in
            let bounds = navigation.bounds ?? Rect(origin: .zero, size: NavigationStyle.windowSize)
            let player = DetailLayout.playerFrame(in: bounds)
            let video = navigation.playing.map { navigation.videos[$0] }
            VStack(alignment: .leading, spacing: 0) {
                PageHeader(title: video?.title ?? "", subtitle: video?.channel ?? "") { navigation.back() }
                HStack(alignment: .top, spacing: NavigationStyle.margin) {
                    VStack(alignment: .leading, spacing: 10) {
                        Color.black.frame(width: player.width, height: player.height)
                        if let video {
                            VideoDetails(video: video).frame(width: player.width, alignment: .leading)
                        }
                    }
                    MoreVideos(navigation: navigation)
                }
                .padding(.horizontal, NavigationStyle.margin)
                Spacer()
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .background(NavigationStyle.background)
            .contentShape()
            .accessibilityIdentifier("detail")
        }
    }
}

/// Title, channel, counts and description under the player.
struct VideoDetails: Widget {
    let video: DemoVideo

    var body: some Widget {
        VStack(alignment: .leading, spacing: 8) {
            Text(video.title).font(.title).lineLimit(2).foregroundColor(NavigationStyle.primaryText)
                .accessibilityIdentifier("detail.title")
            HStack(spacing: 10) {
                Circle().fill(video.channelColor).frame(width: 28, height: 28)
                Text(video.channel).font(.headline).foregroundColor(NavigationStyle.primaryText)
                Text(video.stats).font(.callout).lineLimit(1).foregroundColor(NavigationStyle.secondaryText)
            }
            Text(video.description).font(.body).lineLimit(3).foregroundColor(NavigationStyle.secondaryText)
        }
    }
}

/// The other videos, beside the player: a click opens one in the same page, loaded into the same
/// player.
struct MoreVideos: Widget {
    let navigation: NavigationService

    var body: some Widget {
        WithService(PosterService.self) { posters in
            VStack(alignment: .leading, spacing: 10) {
                Text("More videos").font(.headline).foregroundColor(NavigationStyle.primaryText)
                ForEach(navigation.videos.indices.filter { $0 != navigation.playing }, id: \.self) { index in
                    let video = navigation.videos[index]
                    HStack(alignment: .top, spacing: 8) {
                        ZStack {
                            Color.black
                            if let poster = posters.posters[video.id] { Image(poster).scaledToFill() }
                        }
                        .clipped()
                        .frame(width: 128, height: 72)
                        VStack(alignment: .leading, spacing: 4) {
                            Text(video.title).font(Font(size: 13, weight: .bold)).lineLimit(2)
                                .foregroundColor(NavigationStyle.primaryText)
                            Text(video.channel).font(.caption).foregroundColor(NavigationStyle.secondaryText)
                        }
                        .frame(maxWidth: .infinity, alignment: .leading)
                    }
                    .contentShape()
                    .onTap { navigation.open(index) }
                    .focusable()
                    .accessibilityLabel(video.title)
                    .accessibilityIdentifier("more.\(index)")
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}
