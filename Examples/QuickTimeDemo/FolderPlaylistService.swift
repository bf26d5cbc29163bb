import DemoSupport
import VideoPlayerWidgets

/// The videos of the playlist (a folder's files, or the samples) and which one plays; the list
/// shows as a panel over the right side.
final class FolderPlaylistService: Service, DemoVideoList {
    @ViewState private(set) var videos: [DemoVideo] = []
    @ViewState private(set) var index = 0

    /// Replaces the list and loads its first video.
    func load(_ videos: [DemoVideo], autoplay: Bool) {
        self.videos = videos
        play(at: 0, autoplay: autoplay)
    }

    /// Adds `videos` to the end of the list.
    func append(_ videos: [DemoVideo]) {
        self.videos += videos
    }

    /// Plays the video at `index` from its start.
    func play(at index: Int, autoplay: Bool = true) {
        guard videos.indices.contains(index), let render = context?.render else { return }
        self.index = index
        render.load(videos[index].item(), autoplay: autoplay)
    }

    /// Opens the list as a cover panel, or closes it.
    func togglePanel() {
        guard let feature = context?.feature else { return }
        if feature.isPresented { return feature.dismiss() }
        feature.present(.right(.cover)) { FolderPlaylistPanel().frame(width: 300) }
    }
}

/// The playlist button of the panel.
struct PlaylistButton: Widget {
    var body: some Widget {
        WithService(FolderPlaylistService.self) { playlist in
            Symbol(.playlist).font(Font(size: 22)).foregroundColor(.white)
                .contentShape()
                .onTap { playlist.togglePanel() }
                .focusable()
                .accessibilityLabel("Playlist")
                .accessibilityIdentifier("playlist.toggle")
        }
    }
}

/// The playlist; the video playing is highlighted, a click plays another.
struct FolderPlaylistPanel: Widget {
    var body: some Widget {
        WithService(FolderPlaylistService.self) { playlist in
            VStack(alignment: .leading, spacing: 2) {
                Text("Playlist").font(.headline).foregroundColor(.white).padding(.bottom, 8)
                ForEach(playlist.videos.indices, id: \.self) { index in
                    let isCurrent = index == playlist.index
                    HStack(spacing: 8) {
                        Symbol(.play).font(Font(size: 12)).opacity(isCurrent ? 1 : 0)
                        Text(playlist.videos[index].title).font(.callout).lineLimit(1)
                            .frame(maxWidth: .infinity, alignment: .leading)
                    }
                    .foregroundColor(.white)
                    .padding(EdgeInsets(horizontal: 10, vertical: 8))
                    .background(RoundedRectangle(cornerRadius: 6).fill(isCurrent ? Color.blue : Color.clear))
                    .contentShape()
                    .onTap { playlist.play(at: index) }
                    .accessibilityIdentifier("playlist.\(index)")
                }
                Spacer()
            }
            .padding(14)
            .frame(maxHeight: .infinity)
            .background(Color(white: 0.1, alpha: 0.9))
        }
    }
}
