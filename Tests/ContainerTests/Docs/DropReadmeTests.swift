import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// The README's "Drag and drop" block, run on a test context: keep the two in step.
@MainActor
@Suite struct DropReadmeTests {
    /// A list of one's own, as an app keeps it.
    final class Library {
        var items: [MediaItem] = []
        func append(_ new: [MediaItem]) { items += new }
        func replace(with new: [MediaItem]) { items = new }
    }

    @Test func aListOfOnesOwnTakesTheDroppedFolder() throws {
        let files = try TemporaryFolder()
        for index in 1...12 { try files.file("Holiday/part \(index).mp4") }
        let folder = files.path + "/Holiday"
        let context = Context(mode: .test)
        let library = Library()

        context.drops.appendModifiers = .control  // Ctrl appends instead of Shift
        context.drops.handler = { items, appending in  // a list of one's own takes them
            if appending { library.append(items) } else { library.replace(with: items) }
        }
        let outcome = context.drops.receive(.files([folder]))  // what the window does on a drop
        print(outcome.summary)  // "Playing 12 items"

        #expect(outcome.summary == "Playing 12 items")
        #expect(library.items.map(\.title) == (1...12).map { "part \($0).mp4" })
        context.drops.receive(.files([folder + "/part 1.mp4"], modifiers: .control))
        #expect(library.items.count == 13 && context.render.items.isEmpty)
    }
}
