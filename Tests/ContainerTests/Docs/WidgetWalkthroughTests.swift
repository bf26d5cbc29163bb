import Testing
import VideoPlayerContainer

// The README's "Writing a widget, step by step", compiled and checked: keep the two in step.

/// Step 1: the view model. State the widget draws is `@ViewState`; it talks to other services
/// through its context.
final class LikeService: Service {
    @ViewState var isLiked = false
    @ViewState var count = 41

    func toggle() {
        isLiked.toggle()
        count += isLiked ? 1 : -1
        context?.toast.toast(isLiked ? "Added to liked videos" : "Removed from liked videos")
    }
}

/// Step 2: the widget reads the service through `WithService`; only what it reads redraws it.
struct LikeWidget: Widget {
    var body: some Widget {
        WithService(LikeService.self) { service in
            HStack(spacing: 6) {
                Symbol(service.isLiked ? .heartFill : .heart)
                    .foregroundColor(service.isLiked ? .pink : .white)
                Text("\(service.count)").foregroundColor(.white)
            }
            .padding(8)
            .background(Capsule().fill(Color(white: 0, alpha: 0.5)))
            .onTap { service.toggle() }
            .accessibilityIdentifier("like")
        }
    }
}

@MainActor
@Suite struct WidgetWalkthroughTests {
    /// Steps 3 and 4: place the widget in the control overlay, then test it headless.
    @Test func tappingTheLikeWidgetCountsAndToasts() throws {
        let context = Context()
        context.control.configure(.halfScreen(.top2)) { [Spacer(), LikeWidget()] }
        context.control.configure(displayStyle: .always)
        let host = SnapshotRenderer(size: Size(width: 480, height: 270), context: context)
            .makeHost(PlayerWidget(context))
        host.update()
        let like = try #require(host.frame(ofIdentifier: "like"))
        host.handle(.pointerDown(like.center))
        host.handle(.pointerUp(like.center))
        host.update()
        #expect(context[LikeService.self].count == 42)
        #expect(context[LikeService.self].isLiked)
        let heart = host.snapshot().pixel(x: Int(like.minX) + 14, y: Int(like.midY))
        #expect(heart.r > 200 && heart.g < 120)
    }
}
