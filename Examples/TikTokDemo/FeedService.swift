import DemoSupport
import Foundation
import VideoPlayerWidgets

/// The feed's view model: the items, which page is current, and how far the pages are dragged.
///
/// Every page is drawn at `(page - index) * pageHeight + dragOffset`; swiping changes `index` and
/// `dragOffset` inside `withAnimation`, so the toolkit slides the outgoing and incoming pages from
/// where they are shown to their new places on the injected clock.
final class FeedService: Service {
    /// How pages settle after a swipe or a cancelled drag.
    var slide = Animation.easeOut(duration: 0.3)
    /// Height of one page, in points (the window's height).
    var pageHeight = 720.0
    /// How far a drag must go, as a fraction of the page, to move to another page.
    var swipeFraction = 0.18
    /// Drag speed (points per second) that moves to another page whatever the distance.
    var flickSpeed = 700.0

    @ViewState private(set) var items: [FeedItem] = []
    @ViewState private(set) var index = 0
    @ViewState private(set) var dragOffset = 0.0
    /// The comment being written in the comments sheet.
    @ViewState var commentDraft = ""
    @Dependency(\.clock) private var clock
    private var lastSwitch = -Double.infinity

    /// The item on screen.
    var current: FeedItem? { items.indices.contains(index) ? items[index] : nil }

    /// The pages worth drawing: the current one and its neighbours.
    var visiblePages: [Int] {
        guard !items.isEmpty else { return [] }
        return Array(max(0, index - 1)...min(items.count - 1, index + 1))
    }

    /// Where `page` is drawn, vertically, relative to the screen.
    func offset(ofPage page: Int) -> Double {
        Double(page - index) * pageHeight + dragOffset
    }

    /// Posts the draft as the newest comment of the video on screen, and empties the field.
    func postComment() {
        let text = commentDraft.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, items.indices.contains(index) else { return }
        items[index].comments.insert(FeedItem.Comment(author: "you", text: text, likes: 0), at: 0)
        commentDraft = ""
    }

    /// Plays `items` as a looping queue from the first; the engine preloads the next one.
    func load(_ items: [FeedItem]) {
        self.items = items
        index = 0
        guard let render = context?.render else { return }
        render.load(items.map(\.media), autoplay: true)
        render.setLooping(true)
        // A swipe back always shows the video above, however far into this one it is.
        render.navigationMode = .immediate
        context?[PosterService.self].prepare(items.prefix(2).map(\.media))
    }

    /// Adds `items` to the end of the feed (and of the player's queue); an empty feed loads them.
    /// The poster of one that comes next to the page on screen is made at once, for a swipe to show.
    func append(_ items: [FeedItem]) {
        guard !self.items.isEmpty, let render = context?.render else { return load(items) }
        self.items += items
        render.append(items.map(\.media))
        context?[PosterService.self].prepare(visiblePages.map { self.items[$0].media })
    }

    /// The finger moved: the pages follow it, with resistance past the first and last page.
    func drag(by translation: Double) {
        let isPastEnd = (translation > 0 && index == 0) || (translation < 0 && index == items.count - 1)
        dragOffset = isPastEnd ? translation / 3 : translation
    }

    /// The finger lifted: moves on when the drag went far or fast enough, else springs back.
    func endDrag(translation: Double, velocity: Double) {
        let threshold = pageHeight * swipeFraction
        if translation < -threshold || velocity < -flickSpeed {
            showNext()
        } else if translation > threshold || velocity > flickSpeed {
            showPrevious()
        } else {
            withAnimation(slide) { dragOffset = 0 }
        }
    }

    /// Slides to the next video; its first frame is already decoded, so it shows at once.
    func showNext() {
        move(to: index + 1) { $0.next() }
    }

    /// Slides back to the previous video.
    func showPrevious() {
        move(to: index - 1) { $0.previous() }
    }

    /// A wheel or key swipe: ignored while the previous slide is still running.
    func step(_ direction: Int) {
        guard clock.now - lastSwitch >= slide.duration else { return }
        direction > 0 ? showNext() : showPrevious()
    }

    private func move(to page: Int, player: (RenderService) -> Void) {
        guard items.indices.contains(page), let context else {
            return withAnimation(slide) { dragOffset = 0 }
        }
        lastSwitch = clock.now
        player(context.render)
        context.render.play()
        context.plugin.dismiss(animated: false)
        withAnimation(slide) {
            index = page
            dragOffset = 0
        }
        context[PosterService.self].prepare(visiblePages.map { items[$0].media })
    }
}
