import Foundation
import VideoPlayerWidgets

/// The danmaku of the video: the comments, their layout, the settings, and the media time they
/// are drawn at.
///
/// The player reports its position a few times a second; between reports the time runs on with
/// the injected clock (at the player's rate), so comments glide at the frame rate. Paused, the
/// time stands still; after a seek the next report puts it where the player is.
final class DanmakuService: Service {
    /// The share of the video's height comments may use.
    enum Area: Double, CaseIterable {
        case quarter = 0.25, half = 0.5, threeQuarters = 0.75, full = 1

        var label: String {
            switch self {
            case .quarter: "1/4"
            case .half: "1/2"
            case .threeQuarters: "3/4"
            case .full: "Full"
            }
        }
    }

    /// Seconds between two steps of the motion.
    var tickInterval = 1.0 / 60
    let font = Font(size: 22, weight: .bold)

    /// The danmaku being written in the field under the video.
    @ViewState var draft = ""
    @ViewState private(set) var isEnabled = true
    @ViewState var opacity = 0.9
    @ViewState private(set) var area = Area.half
    @ViewState private(set) var time = 0.0
    @ViewState private(set) var layout = DanmakuLayout(
        comments: [], width: { _ in 0 }, areaWidth: 0, lanes: 0, laneHeight: 0)
    @Dependency(\.clock) private var clock
    private var comments: [DanmakuComment] = []
    private var widths: [Int: Double] = [:]
    private var size = Size.zero
    private var anchor = (media: 0.0, clock: 0.0)
    private var timer: TimerToken?

    required init(_ context: Context) {
        super.init(context)
        context.render.observe { [weak self] _ in self?.resync() }
    }

    /// The comments to fly over an area of `size` points.
    func load(_ comments: [DanmakuComment], areaSize size: Size) {
        self.comments = comments
        widths = Dictionary(uniqueKeysWithValues: comments.map { ($0.id, font.size(of: $0.text).width) })
        self.size = size
        relayout()
    }

    /// Sends the draft: it enters at the right edge now, framed, in the first lane that frees up,
    /// and the field empties.
    func send() {
        let text = draft.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return }
        // Ids above every line number keep an own comment after the file's comments of the same time.
        let id = max(Self.ownIDBase, (comments.map(\.id).max() ?? 0) + 1)
        let comment = DanmakuComment(time: time, color: .white, text: text, id: id, isOwn: true)
        comments.insert(
            comment,
            at: comments.firstIndex { ($0.time, $0.id) > (comment.time, comment.id) } ?? comments.count)
        widths[id] = font.size(of: text).width
        draft = ""
        relayout()
    }

    private static let ownIDBase = 1_000_000

    /// Lets comments use `area` of the height (fewer lanes drop more comments).
    func setArea(_ area: Area) {
        self.area = area
        relayout()
    }

    /// Shows or hides every comment.
    func toggle() {
        isEnabled.toggle()
        resync()
    }

    /// The comments on screen now, with their frames.
    var visible: [(placement: DanmakuLayout.Placement, frame: Rect)] {
        isEnabled ? layout.visible(at: time) : []
    }

    private func relayout() {
        let laneHeight = (font.size * 1.45).rounded()
        layout = DanmakuLayout(
            comments: comments, width: { [widths] in widths[$0.id] ?? 0 }, areaWidth: size.width,
            lanes: Int(size.height * area.rawValue / laneHeight), laneHeight: laneHeight)
    }

    /// Takes the player's reported position as the new starting point, and runs the motion only
    /// while it plays (and comments are shown).
    private func resync() {
        guard let render = context?.render else { return }
        anchor = (render.currentTime, clock.now)
        time = render.currentTime
        timer?.cancel()
        timer = nil
        if render.isPlaying && isEnabled { scheduleTick() }
    }

    private func scheduleTick() {
        timer = clock.schedule(after: tickInterval) { [weak self] in
            guard let self, let rate = self.context?.render.rate else { return }
            self.time = self.anchor.media + (self.clock.now - self.anchor.clock) * rate
            self.scheduleTick()
        }
    }

    override func didStop() {
        timer?.cancel()
    }
}
