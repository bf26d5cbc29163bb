import VideoPlayerWidgets

/// The whole window: YouTube's watch page around the player, or the player alone in fullscreen.
///
/// Below the masthead the page scrolls: the player, its details and comments on the left, the
/// videos up next on the right; the wheel over the video scrolls the page too.
///
/// The layout follows `context.status`; the player's services (and so its state) live in the
/// context, so switching layouts keeps playing where it was.
struct WatchLayout: Widget {
    let context: Context

    var body: some Widget {
        WithService(StatusService.self) { status in
            if status.status == .fullScreen {
                PlayerWidget(context).accessibilityIdentifier("player")
            } else {
                VStack(alignment: .leading, spacing: 0) {
                    Masthead()
                    ScrollView {
                        HStack(alignment: .top, spacing: YouTubeStyle.margin) {
                            VStack(alignment: .leading, spacing: 12) {
                                PlayerWidget(context)
                                    .frame(
                                        width: YouTubeStyle.playerSize.width,
                                        height: YouTubeStyle.playerSize.height
                                    )
                                    .accessibilityIdentifier("player")
                                VideoDetailsWidget()
                                PageComments()
                            }
                            .frame(width: YouTubeStyle.playerSize.width)
                            UpNextWidget()
                        }
                        .padding(
                            EdgeInsets(
                                top: 0, leading: YouTubeStyle.margin, bottom: YouTubeStyle.margin,
                                trailing: YouTubeStyle.margin))
                    }
                    .accessibilityIdentifier("page")
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                .background(YouTubeStyle.pageBackground)
            }
        }
    }
}

/// The bar along the top of the page: the logo, the search field and the account picture.
struct Masthead: Widget {
    var body: some Widget {
        HStack(spacing: 6) {
            Symbol(.play).font(Font(size: 14)).foregroundColor(.white)
                .frame(width: 30, height: 21)
                .background(RoundedRectangle(cornerRadius: 6).fill(YouTubeStyle.red))
            Text("YouTube").font(Font(size: 19, weight: .bold)).foregroundColor(YouTubeStyle.primaryText)
            Text("demo").font(.caption).foregroundColor(YouTubeStyle.secondaryText)
            Spacer()
            WithService(SearchService.self) { search in
                TextField("Search", text: search.binding(\.query))
                    .font(.body).foregroundColor(YouTubeStyle.primaryText)
                    .padding(EdgeInsets(horizontal: 16, vertical: 0))
                    .frame(width: 520, height: 38, alignment: .leading)
                    .background(Capsule().stroke(Color(hex: 0x303030), lineWidth: 1))
                    .accessibilityIdentifier("search")
            }
            Spacer()
            ChannelAvatar(name: "You", color: Color(hex: 0x1E88E5), side: 32)
        }
        .padding(.horizontal, YouTubeStyle.margin)
        .frame(height: YouTubeStyle.mastheadHeight)
    }
}
