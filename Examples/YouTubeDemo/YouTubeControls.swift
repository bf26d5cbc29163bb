import VideoPlayerWidgets

/// What the control overlay shows in each status: a few controls over the embedded player, the
/// full set (likes, comments, share, speed, quality) in fullscreen.
@MainActor
enum YouTubeControls {
    static func configure(_ context: Context) {
        let control = context.control
        let queue = context.watchQueue
        control.configure(displayStyle: .auto(firstAppear: true, duration: 4))
        control.configure(insets: EdgeInsets(horizontal: 12, vertical: 8))

        // NB: the control service keeps the buttons these make: their actions hold the context
        // weakly, as it holds the service.
        control.configure(.halfScreen(.top1)) { [weak context] in
            [
                IconButton(symbol: .back, label: "Previous video", identifier: "back") {
                    queue.play(at: max(queue.index - 1, 0))
                },
                Spacer(),
                IconButton(symbol: .settings, label: "Settings", identifier: "settings") {
                    if let context { SettingsPanel.present(in: context) }
                },
            ]
        }
        control.configure(.fullScreen(.top1)) { [weak context] in
            [
                IconButton(symbol: .chevronDown, label: "Exit full screen", identifier: "minimise") {
                    context?.status.toHalfScreen()
                },
                TitleWidget(),
                Spacer(),
                IconButton(symbol: .settings, label: "Settings", identifier: "settings") {
                    if let context { SettingsPanel.present(in: context) }
                },
            ]
        }
        control.configure([.halfScreen(.center), .fullScreen(.center)]) {
            [
                StepWidget(.backward(10)).padding(.horizontal, 28),
                PlaybackWidget(),
                StepWidget(.forward(10)).padding(.horizontal, 28),
            ]
        }
        control.configure([.halfScreen(.bottom1), .fullScreen(.bottom1)]) { [SeekBarWidget()] }
        control.configure(.halfScreen(.bottom2)) {
            [TimelineWidget(), Spacer(), CaptionsButton(), PictureInPictureWidget(), FullscreenWidget()]
        }
        control.configure(.fullScreen(.bottom2)) { [weak context] in
            [
                TimelineWidget(), Spacer(), CurrentVideoLikes(),
                IconButton(symbol: .comment, label: "Comments", identifier: "comments.open") {
                    if let context { CommentsPanel.present(in: context) }
                },
                ShareButton(), SpeedButton(), QualityButton(), CaptionsButton(), PictureInPictureWidget(),
                FullscreenWidget(),
            ]
        }
    }
}

/// The like/dislike pill of whatever video plays.
struct CurrentVideoLikes: Widget {
    var body: some Widget {
        WithService(WatchQueueService.self) { queue in
            if let video = queue.current { LikeDislikeWidget(video: video) }
        }
    }
}
