import VideoPlayerWidgets

/// The comments sheet that covers the lower part of the page: a count, the list of the video on
/// screen, and a field whose comment goes on top of the list on Return.
struct CommentsPanel: Widget {
    var body: some Widget {
        WithService(FeedService.self) { feed in
            let comments = feed.current?.comments ?? []
            VStack(spacing: 0) {
                ZStack {
                    Text("\(comments.count) comments").font(Font(size: 14, weight: .bold))
                    HStack {
                        Spacer()
                        WithService(FeatureService.self) { feature in
                            Symbol(.close).font(Font(size: 18)).contentShape()
                                .onTap { feature.dismiss() }
                                .focusable()
                                .accessibilityIdentifier("comments.close")
                        }
                    }
                }
                .padding(14)
                ScrollView {
                    VStack(alignment: .leading, spacing: 16) {
                        ForEach(comments.indices, id: \.self) { index in CommentRow(comment: comments[index])
                        }
                    }
                    .padding(EdgeInsets(top: 4, leading: 16, bottom: 0, trailing: 16))
                }
                .accessibilityIdentifier("comments.list")
                TextField("Add comment...", text: feed.binding(\.commentDraft))
                    .onSubmit { feed.postComment() }
                    .prefersDefaultFocus()
                    .foregroundColor(Color(white: 0.1))
                    .padding(12)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .background(RoundedRectangle(cornerRadius: 18).fill(Color(white: 0.93)))
                    .padding(12)
                    .accessibilityIdentifier("comments.field")
            }
            .foregroundColor(Color(white: 0.1))
            .frame(height: 470)
            .background(RoundedRectangle(cornerRadius: 14).fill(.white))
            .accessibilityIdentifier("comments.panel")
        }
    }
}

/// One comment: a round initial, the author in grey, the text, and the comment's likes.
struct CommentRow: Widget {
    let comment: FeedItem.Comment

    var body: some Widget {
        HStack(alignment: .top, spacing: 10) {
            ZStack {
                Circle().fill(Color(hex: 0xC9CFFF))
                Text(comment.author.prefix(1).uppercased()).font(Font(size: 14, weight: .bold))
            }
            .frame(width: 32, height: 32)
            VStack(alignment: .leading, spacing: 3) {
                Text(comment.author).font(Font(size: 12)).foregroundColor(Color(white: 0.5))
                Text(comment.text).font(Font(size: 14))
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            VStack(spacing: 2) {
                Symbol(.heart).font(Font(size: 14)).foregroundColor(Color(white: 0.55))
                Text(comment.likes.compactCount).font(Font(size: 11)).foregroundColor(Color(white: 0.55))
            }
        }
    }
}
