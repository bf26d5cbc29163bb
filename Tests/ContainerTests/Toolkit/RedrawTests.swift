import Testing
import VideoPlayerContainer

final class TitleService: Service {
    @ViewState var title = "A"
}

final class VolumeService: Service {
    @ViewState var level = 0.5
    @ViewState var tick = 0
}

final class VolumeMirrorService: Service {
    @StateSync(serviceType: VolumeService.self, keyPath: \.$level) var level
}

/// Counts body evaluations per widget, so tests can assert which bodies ran.
@MainActor
final class EvaluationLog {
    var counts: [String: Int] = [:]
    func record(_ name: String) { counts[name, default: 0] += 1 }
}

struct TitleReader: Widget {
    let log: EvaluationLog
    var body: some Widget {
        WithService(TitleService.self) { service in
            let _ = log.record("title")
            Color.red.frame(width: service.title == "A" ? 20 : 30, height: 20)
        }
    }
}

struct VolumeReader: Widget {
    let log: EvaluationLog
    var body: some Widget {
        WithService(VolumeMirrorService.self) { mirror in
            let _ = log.record("volume")
            Color.blue.frame(width: 20, height: 20).opacity(mirror.level)
        }
    }
}

struct StaticBox: Widget {
    let log: EvaluationLog
    var body: some Widget {
        let _ = log.record("static")
        Color.green.frame(width: 20, height: 20)
    }
}

@MainActor
@Suite struct RedrawTests {
    let log = EvaluationLog()
    let context = Context(mode: .test)

    func makeHost() -> WidgetHost {
        let root = HStack(alignment: .top, spacing: 0) {
            TitleReader(log: log).frame(width: 40, height: 20, alignment: .leading)
            VolumeReader(log: log).frame(width: 40, height: 20)
            StaticBox(log: log).frame(width: 40, height: 20)
        }.frame(width: 120, height: 20)
        return SnapshotRenderer(size: Size(width: 120, height: 20), context: context).makeHost(root)
    }

    @Test func changingOneServiceReevaluatesOnlyItsReaders() {
        let host = makeHost()
        #expect(log.counts == ["title": 1, "volume": 1, "static": 1])
        let redraws = host.redrawCount

        context[TitleService.self].title = "B"
        #expect(host.needsDisplay)
        let damage = host.update()
        #expect(log.counts == ["title": 2, "volume": 1, "static": 1])
        #expect(host.redrawCount == redraws + 1)
        // The title box grew from 20 to 30 points wide; neither sibling was repainted.
        #expect(damage == [Rect(x: 0, y: 0, width: 30, height: 20)])
    }

    @Test func writingAnEqualValueInvalidatesNothing() {
        let host = makeHost()
        context[TitleService.self].title = "A"
        #expect(!host.needsDisplay)
        #expect(host.update().isEmpty)
        #expect(log.counts["title"] == 1)
    }

    @Test func stateNotReadByAnyBodyInvalidatesNothing() {
        let host = makeHost()
        context[VolumeService.self].tick += 1
        #expect(host.update().isEmpty)
        #expect(log.counts == ["title": 1, "volume": 1, "static": 1])
    }

    @Test func stateSyncReaderRedrawsWhenTheSourceServiceChanges() {
        let host = makeHost()
        let before = host.snapshot().pixel(x: 50, y: 10)
        context[VolumeService.self].level = 1
        let damage = host.update()
        #expect(log.counts == ["title": 1, "volume": 2, "static": 1])
        #expect(damage == [Rect(x: 50, y: 0, width: 20, height: 20)])
        #expect(before.a == 128)
        #expect(host.snapshot().pixel(x: 50, y: 10) == RGBA(r: 0, g: 122, b: 255, a: 255))
    }

    @Test func stoppingAServiceRebuildsItsReadersWithAFreshInstance() {
        let host = makeHost()
        context[TitleService.self].title = "B"
        host.update()
        context.stopService(TitleService.self)
        host.update()
        #expect(log.counts["title"] == 3)
        #expect(host.frame(ofIdentifier: "none") == nil)
        context[TitleService.self].title = "C"
        host.update()
        #expect(log.counts["title"] == 4)
    }
}

@MainActor
final class OrderModel: Service {
    @ViewState var redOnTop = false
}

@MainActor
@Suite struct ReorderRedrawTests {
    @Test func childrenThatOnlyChangeOrderAreRepainted() {
        let context = Context(mode: .test)
        let host = SnapshotRenderer(size: Size(width: 10, height: 10), context: context).makeHost(
            WithService(OrderModel.self) { model in
                ZStack {
                    ForEach(model.redOnTop ? ["blue", "red"] : ["red", "blue"], id: \.self) { name in
                        name == "red" ? Color(red: 1, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 1)
                    }
                }
            })
        #expect(host.snapshot().pixel(x: 5, y: 5) == RGBA(r: 0, g: 0, b: 255))
        context[OrderModel.self].redOnTop = true
        #expect(!host.update().isEmpty)
        #expect(host.snapshot().pixel(x: 5, y: 5) == RGBA(r: 255, g: 0, b: 0))
    }
}
