import DemoSupport
import VideoPlayerWidgets

/// The comments of the current video, squeezed in at the right of the fullscreen player.
struct CommentsPanel: Widget {
    /// Opens the panel; the video narrows to make room.
    @MainActor static func present(in context: Context) {
        context.feature.present(.right(.squeeze(YouTubeStyle.commentsWidth))) { CommentsPanel() }
    }

    var body: some Widget {
        WithService(WatchQueueService.self) { queue in
            let comments = queue.current?.comments ?? []
            VStack(alignment: .leading, spacing: 16) {
                HStack {
                    Text("Comments").font(Font(size: 18, weight: .bold))
                    Text("\(comments.count)").font(.body).foregroundColor(YouTubeStyle.secondaryText)
                    Spacer()
                    IconButton(symbol: .close, label: "Close comments", identifier: "comments.close") {
                        queue.context?.feature.dismiss()
                    }
                }
                ScrollView { CommentList(comments: comments) }
            }
            .foregroundColor(YouTubeStyle.primaryText)
            .padding(16)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(YouTubeStyle.pageBackground)
            .accessibilityIdentifier("comments")
        }
    }
}

/// The comments of a video, newest first: under the video on the watch page, in the fullscreen panel.
struct CommentList: Widget {
    let comments: [VideoComment]

    var body: some Widget {
        VStack(alignment: .leading, spacing: 16) {
            ForEach(comments) { comment in
                CommentRow(comment: comment).accessibilityIdentifier("comment.\(comment.id)")
            }
        }
    }
}

/// The comments section under the video details on the watch page.
struct PageComments: Widget {
    var body: some Widget {
        WithService(WatchQueueService.self) { queue in
            let comments = queue.current?.comments ?? []
            VStack(alignment: .leading, spacing: 16) {
                Text(comments.count == 1 ? "1 Comment" : "\(comments.count) Comments")
                    .font(Font(size: 18, weight: .bold))
                HStack(spacing: 12) {
                    ChannelAvatar(name: "You", color: Color(hex: 0x1E88E5), side: 32)
                    TextField("Add a comment…", text: queue.binding(\.commentDraft))
                        .onSubmit { queue.postComment() }
                        .font(.body)
                        .padding(EdgeInsets(top: 0, leading: 0, bottom: 6, trailing: 0))
                        .background(
                            VStack(spacing: 0) {
                                Spacer()
                                Color(hex: 0x717171).frame(height: 1)
                            }
                        )
                        .accessibilityIdentifier("comment.field")
                }
                CommentList(comments: comments)
            }
            .foregroundColor(YouTubeStyle.primaryText)
            .padding(.top, 12)
        }
    }
}

private struct CommentRow: Widget {
    let comment: VideoComment

    var body: some Widget {
        HStack(alignment: .top, spacing: 12) {
            ChannelAvatar(name: comment.author, color: Color(hex: 0x5C6BC0), side: 32)
            VStack(alignment: .leading, spacing: 4) {
                Text("@\(comment.author.lowercased())").font(Font(size: 12, weight: .bold))
                Text(comment.text).font(.body)
                HStack(spacing: 6) {
                    Symbol(.thumbUp).font(Font(size: 14))
                    Text(EngagementService.abbreviated(comment.likes)).font(.caption)
                }
                .foregroundColor(YouTubeStyle.secondaryText)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}
