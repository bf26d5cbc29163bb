import DemoSupport
import VideoPlayerWidgets

/// The feed: a header, then the videos as cards in rows that scroll. The playing video's card
/// leaves its picture to the player drawn above it; the others show their posters.
struct FeedPage: Widget {
    var body: some Widget {
        WithService(NavigationService.self) { navigation in
            VStack(spacing: 0) {
                PageHeader(title: "Videos", subtitle: "\(navigation.videos.count) videos")
                ScrollViewReader { proxy in
                    ScrollView {
                        LazyVStack(spacing: NavigationStyle.margin) {
                            ForEach(Self.rows(of: navigation.videos.count), id: \.lowerBound) { row in
                                HStack(alignment: .top, spacing: NavigationStyle.margin) {
                                    ForEach(row, id: \.self) { index in
                                        VideoCard(index: index, video: navigation.videos[index])
                                    }
                                    if row.count < NavigationStyle.columns { Spacer() }
                                }
                            }
                        }
                        .padding(NavigationStyle.margin)
                    }
                    .onChange(of: navigation.feedScrollRequest, initial: true) { request in
                        guard let request else { return }
                        proxy.scrollTo(Self.row(of: request), anchor: .top)
                    }
                }
                .onFrameChange { navigation.feedLaidOut($0) }
                .accessibilityIdentifier("feed")
            }
            .background(NavigationStyle.background)
        }
    }

    /// The id of the row that holds video `index`: its first video's index.
    static func row(of index: Int) -> Int {
        index - index % NavigationStyle.columns
    }

    /// The indices of `count` videos in rows of ``NavigationStyle/columns``.
    static func rows(of count: Int) -> [Range<Int>] {
        stride(from: 0, to: count, by: NavigationStyle.columns).map {
            $0..<min($0 + NavigationStyle.columns, count)
        }
    }
}

/// One card of the feed: the picture (the poster, or room for the player), the title, the channel
/// and the counts. A click opens the video's page.
struct VideoCard: Widget {
    let index: Int
    let video: DemoVideo

    var body: some Widget {
        WithService(NavigationService.self) { navigation in
            WithService(PosterService.self) { posters in
                let width = Self.width(in: navigation.bounds)
                let showsPoster = !navigation.isPlayerOnCard(index)
                VStack(alignment: .leading, spacing: 8) {
                    ZStack(alignment: .bottomTrailing) {
                        Color.black
                        if showsPoster, let poster = posters.posters[video.id] {
                            Image(poster).scaledToFill()
                        }
                        if showsPoster, let duration = video.duration {
                            DurationBadge(seconds: duration).padding(6)
                        }
                    }
                    .clipped()
                    .frame(width: width, height: (width * 9 / 16).rounded())
                    .reportingCard(index, to: navigation)
                    HStack(alignment: .top, spacing: 12) {
                        Circle().fill(video.channelColor).frame(width: 36, height: 36)
                        VStack(alignment: .leading, spacing: 4) {
                            Text(video.title).font(Font(size: 16, weight: .bold)).lineLimit(2)
                                .foregroundColor(NavigationStyle.primaryText)
                            Text(video.channel).font(.callout).foregroundColor(NavigationStyle.secondaryText)
                            Text(video.stats).font(.callout).lineLimit(1)
                                .foregroundColor(NavigationStyle.secondaryText)
                        }
                        .frame(maxWidth: .infinity, alignment: .leading)
                    }
                    .frame(width: width)
                }
                .contentShape()
                .onTap { navigation.open(index) }
                .focusable()
                .accessibilityLabel(video.title)
                .accessibilityIdentifier("card.\(index)")
            }
        }
    }

    /// The width of a card: the window's width shared by the columns, less the margins.
    static func width(in bounds: Rect?) -> Double {
        let columns = Double(NavigationStyle.columns)
        let width = bounds?.width ?? NavigationStyle.windowSize.width
        return max(120, ((width - (columns + 1) * NavigationStyle.margin) / columns).rounded(.down))
    }
}

extension Widget {
    /// Tells `navigation` where the picture of card `index` lies, and when it leaves the feed.
    fileprivate func reportingCard(_ index: Int, to navigation: NavigationService) -> some Widget {
        onFrameChange { navigation.card(index, laidOutAt: $0) }
            .onDisappear { navigation.card(index, laidOutAt: nil) }
    }
}

/// A video's length over the corner of its poster: "0:30".
struct DurationBadge: Widget {
    let seconds: Double

    var body: some Widget {
        Text(DurationText.string(seconds)).font(Font(size: 12, weight: .bold))
            .foregroundColor(.white)
            .padding(EdgeInsets(horizontal: 5, vertical: 2))
            .background(RoundedRectangle(cornerRadius: 4).fill(Color(white: 0, alpha: 0.8)))
    }
}

/// The bar at the top of a page: an optional back button, a title and a line under it.
struct PageHeader: Widget {
    let title: String
    let subtitle: String
    /// What the back button does; a page with no way back has no button.
    var back: (@MainActor () -> Void)?

    var body: some Widget {
        HStack(spacing: 12) {
            if let back {
                Symbol(.back).font(Font(size: 22)).foregroundColor(NavigationStyle.primaryText)
                    .padding(6)
                    .contentShape()
                    .onTap(perform: back)
                    .focusable()
                    .accessibilityLabel("Back")
                    .accessibilityIdentifier("detail.back")
            }
            VStack(alignment: .leading, spacing: 2) {
                Text(title).font(.headline).lineLimit(1).foregroundColor(NavigationStyle.primaryText)
                Text(subtitle).font(.caption).lineLimit(1).foregroundColor(NavigationStyle.secondaryText)
            }
            Spacer()
        }
        .padding(.horizontal, NavigationStyle.margin - (back == nil ? 0 : 6))
        .frame(height: NavigationStyle.headerHeight)
        .background(NavigationStyle.background)
    }
}
