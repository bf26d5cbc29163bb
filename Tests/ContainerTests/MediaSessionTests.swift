import CSDL2
import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerDBus
import VideoPlayerRender
import VideoPlayerTestSupport

/// The desktop's end of the bus: calls the media session as `playerctl` and the panels do, and
/// keeps the signals it hears.
@MainActor
final class DesktopClient {
    let connection: DBusConnection
    let session: MediaSessionService
    private(set) var signals: [DBusMessage] = []

    init(bus: PrivateBus, session: MediaSessionService) throws {
        connection = try DBusConnection(address: bus.address)
        try connection.addMatch("type='signal',path='/org/mpris/MediaPlayer2'")
        self.session = session
    }

    /// Calls `interface.member` on the session's object and waits for the reply, letting the
    /// session answer meanwhile (both ends run on this thread).
    func call(
        _ interface: String, _ member: String, _ arguments: [DBusValue] = [],
        path: String = "/org/mpris/MediaPlayer2"
    ) -> DBusMessage? {
        let call = DBusMessage.methodCall(
            destination: session.busName, path: path, interface: interface, member: member,
            arguments: arguments)
        if let reply = connection.reply(to: call, pumping: session.update, signals: &signals) { return reply }
        Issue.record("no reply to \(member)")
        return nil
    }

    /// A call of the player interface.
    @discardableResult
    func player(_ member: String, _ arguments: [DBusValue] = []) -> DBusMessage? {
        call("org.mpris.MediaPlayer2.Player", member, arguments)
    }

    /// A property, through `org.freedesktop.DBus.Properties.Get`.
    func property(_ name: String, of interface: String = "org.mpris.MediaPlayer2.Player") -> DBusValue? {
        guard
            case .variant(let value)? = call(
                "org.freedesktop.DBus.Properties", "Get", [.string(interface), .string(name)])?.arguments
                .first
        else { return nil }
        return value
    }

    /// Sets a property, returning the reply (an error for a bad value).
    @discardableResult
    func set(_ name: String, _ value: DBusValue, of interface: String = "org.mpris.MediaPlayer2.Player")
        -> DBusMessage?
    {
        call("org.freedesktop.DBus.Properties", "Set", [.string(interface), .string(name), .variant(value)])
    }

    /// The entries of the current `Metadata`.
    var metadata: [String: DBusValue] {
        var entries: [String: DBusValue] = [:]
        for case .dictEntry(let key, .variant(let value)) in property("Metadata")?.items ?? [] {
            entries[key.string ?? ""] = value
        }
        return entries
    }

    /// Waits (up to five seconds: the daemon passes signals on in its own time) for a signal that
    /// `matches`, and forgets the signals heard so far; `nil` if none came.
    func hears(_ matches: (DBusMessage) -> Bool) -> DBusMessage? {
        for _ in 0..<5000 {
            session.update()
            signals += connection.receive().filter { $0.kind == .signal }
            if let heard = signals.first(where: matches) {
                signals = []
                return heard
            }
            usleep(1000)
        }
        return nil
    }

    /// Whether `PropertiesChanged` of the root interface comes with `name` set to `value`, waiting
    /// up to two seconds without asking the session to look (so only what it sent by itself counts).
    func hearsUnprompted(_ name: String, becoming value: DBusValue) -> Bool {
        for _ in 0..<2000 {
            let heard = connection.receive().contains { message in
                message.member == "PropertiesChanged"
                    && message.arguments.first?.string == "org.mpris.MediaPlayer2"
                    && (message.arguments.dropFirst().first?.items ?? []).contains {
                        $0 == .dictEntry(.string(name), .variant(value))
                    }
            }
            if heard { return true }
            usleep(1000)
        }
        return false
    }

    /// Waits for `PropertiesChanged` of the player interface carrying `name`, and returns its value.
    func hearsChange(of name: String) -> DBusValue? {
        let signal = hears { message in
            message.member == "PropertiesChanged"
                && (message.arguments.dropFirst().first?.items ?? []).contains {
                    if case .dictEntry(.string(name), _) = $0 { true } else { false }
                }
        }
        for case .dictEntry(.string(name), .variant(let value)) in signal?.arguments.dropFirst().first?.items
            ?? []
        {
            return value
        }
        return nil
    }

    /// Whether the bus says someone owns `name`.
    func nameHasOwner(_ name: String) throws -> Bool {
        let reply = try connection.call(
            .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus",
                member: "NameHasOwner", arguments: [.string(name)]))
        return reply.arguments.first?.boolean ?? false
    }
}

/// The player on a private session bus, driven as the desktop's media controls drive it.
@MainActor
@Suite(.serialized) struct MediaSessionTests {
    let clock = TestClock()
    let bus: PrivateBus
    let context: Context

    init() throws {
        bus = try PrivateBus()
        context = Context(mode: .test)
            .withDependency(\.clock, clock)
            .withDependency(\.sessionBusAddress, bus.address)
            .withDependency(
                \.playbackEngine,
                .fake { item in
                    FakeMedia(
                        duration: item.title == "Short" ? 20 : 60,
                        metadata: MediaMetadata(
                            title: item.title == "Tagged" ? "From the tags" : nil, artist: "Band"))
                })
    }

    /// The session published, a desktop client on its bus, and two items loaded.
    func published() throws -> DesktopClient {
        context.render.load(
            [
                MediaItem(
                    path: "/media/tagged.mp4", title: "Tagged", artworkURL: URL(string: "file:///art.png")),
                MediaItem(path: "/media/short.mp4", title: "Short"),
            ])
        try context.mediaSession.publish(applicationName: "Watch")
        return try DesktopClient(bus: bus, session: context.mediaSession)
    }

    @Test func theNameAppearsOnTheBusAndGoesWhenUnpublished() throws {
        let client = try published()
        let name = try #require(context.mediaSession.busName)
        #expect(name == "org.mpris.MediaPlayer2.Watch.instance\(getpid())")
        #expect(try client.nameHasOwner(name))
        #expect(client.property("Identity", of: "org.mpris.MediaPlayer2") != nil)
        #expect(client.property("CanControl") == .boolean(true))
        context.mediaSession.unpublish()
        #expect(context.mediaSession.state == .off)
        #expect(try !client.nameHasOwner(name))
    }

    @Test func withoutASessionBusTheSessionSaysWhyAndThePlayerPlaysOn() {
        let context = Context(mode: .test).withDependency(\.clock, clock)
            .withDependency(\.playbackEngine, .fake { _ in FakeMedia() })
        context.render.load(MediaItem(path: "a.mp4"), autoplay: true)
        #expect(throws: MediaSessionError.noSessionBus) { try context.mediaSession.publish() }
        #expect(context.mediaSession.state == .unavailable(.noSessionBus))
        #expect(context.render.status == .playing)
        context.mediaSession.update()
    }

    @Test func playbackStatusFollowsPlayAndPauseWithPropertiesChanged() throws {
        let client = try published()
        #expect(client.property("PlaybackStatus") == .string("Paused"))
        context.render.play()
        #expect(client.hearsChange(of: "PlaybackStatus") == .string("Playing"))
        client.player("Pause")
        #expect(context.render.status == .paused)
        #expect(client.hearsChange(of: "PlaybackStatus") == .string("Paused"))
        client.player("PlayPause")
        #expect(context.render.status == .playing)
        client.player("Stop")
        #expect(client.property("PlaybackStatus") == .string("Stopped"))
        #expect(context.render.currentTime == 0)
        clock.advance(by: 3)
        client.player("Play")
        #expect(client.property("PlaybackStatus") == .string("Playing"))
        clock.advance(by: 3)
        #expect(client.property("Position") == .int64(3_000_000))
    }

    @Test func metadataCarriesTheTrackLengthTitleAndArtwork() throws {
        let client = try published()
        let metadata = client.metadata
        #expect(metadata["mpris:length"] == .int64(60_000_000))
        #expect(metadata["xesam:title"] == .string("From the tags"))
        #expect(metadata["xesam:artist"] == .array(elementSignature: "s", [.string("Band")]))
        #expect(metadata["mpris:artUrl"] == .string("file:///art.png"))
        #expect(metadata["xesam:url"] == .string("file:///media/tagged.mp4"))
        guard case .objectPath(let track)? = metadata["mpris:trackid"] else {
            Issue.record("no track id")
            return
        }
        #expect(track.hasPrefix("/org/videoplayercontainer/track/"))
        #expect(client.property("CanGoNext") == .boolean(true))
        #expect(client.property("CanGoPrevious") == .boolean(false))

        client.player("Next")
        #expect(context.render.currentIndex == 1)
        let next = client.hearsChange(of: "Metadata")
        let entries = Dictionary(
            (next?.items ?? []).compactMap { entry -> (String, DBusValue)? in
                guard case .dictEntry(.string(let key), .variant(let value)) = entry else { return nil }
                return (key, value)
            }, uniquingKeysWith: { first, _ in first })
        #expect(entries["xesam:title"] == .string("Short"))
        #expect(entries["mpris:trackid"] != .objectPath(track))
        // The length comes once the item opened.
        #expect(client.metadata["mpris:length"] == .int64(20_000_000))
        #expect(client.property("CanGoPrevious") == .boolean(true))
        client.player("Previous")
        #expect(context.render.currentIndex == 0)
    }

    @Test func appendingToTheQueueLetsTheDesktopGoToTheNextItem() throws {
        let client = try published()
        client.player("Next")
        #expect(client.hearsChange(of: "CanGoNext") == .boolean(false))
        context.render.append([MediaItem(path: "/media/more.mp4", title: "More")])
        #expect(client.hearsChange(of: "CanGoNext") == .boolean(true))
    }

    @Test func seeksAreRelativeClampedAndAnnouncedWithSeeked() throws {
        let client = try published()
        client.player("Seek", [.int64(10_000_000)])
        #expect(context.render.currentTime == 10)
        let seeked = client.hears { $0.member == "Seeked" }
        #expect(seeked?.arguments == [.int64(10_000_000)])
        client.player("Seek", [.int64(-30_000_000)])
        #expect(context.render.currentTime == 0)

        guard case .objectPath(let track)? = client.metadata["mpris:trackid"] else {
            Issue.record("no track id")
            return
        }
        client.player("SetPosition", [.objectPath(track), .int64(42_000_000)])
        #expect(context.render.currentTime == 42)
        // A stale track id, or a position past the end, is ignored.
        client.player("SetPosition", [.objectPath("/org/videoplayercontainer/track/old"), .int64(5_000_000)])
        client.player("SetPosition", [.objectPath(track), .int64(600_000_000)])
        #expect(context.render.currentTime == 42)
        // Past the end of the item: on to the next one.
        client.player("Seek", [.int64(100_000_000)])
        #expect(context.render.currentIndex == 1)
    }

    @Test func volumeRateAndLoopStatusAreSettableAndPlaylistRepeatsTheQueue() throws {
        let client = try published()
        client.set("Volume", .double(0.25))
        #expect(context.render.volume == 0.25)
        #expect(client.hearsChange(of: "Volume") == .double(0.25))
        client.set("Volume", .double(-3))
        #expect(context.render.volume == 0)
        client.set("Rate", .double(1.5))
        #expect(context.render.rate == 1.5)
        client.set("Rate", .double(40))
        #expect(context.render.rate == 1.5)
        client.set("LoopStatus", .string("Track"))
        #expect(context.render.isLooping)
        #expect(client.property("LoopStatus") == .string("Track"))
        client.set("LoopStatus", .string("Playlist"))
        #expect(context.render.repeatMode == .all)
        #expect(client.property("LoopStatus") == .string("Playlist"))
        #expect(
            client.set("LoopStatus", .string("Forever"))?.errorName
                == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(context.render.repeatMode == .all)
    }

    @Test func playAfterStopStartsWhereStopWentOrWhereTheDesktopMovedItSinceAndSeeksOnce() throws {
        let client = try published()
        let engine = try #require(context.render.engine as? FakePlaybackEngine)
        context.render.play()
        clock.advance(by: 5)
        let seeks = { engine.commands.filter { if case .seek = $0 { true } else { false } } }
        client.player("Stop")
        client.player("Play")
        #expect(seeks() == [.seek(to: 0, exact: true)], "Stop goes to the start; Play begins there")
        #expect(client.property("PlaybackStatus") == .string("Playing"))
        clock.advance(by: 2)
        client.player("Stop")
        let track = try #require(client.metadata["mpris:trackid"])
        client.player("SetPosition", [track, .int64(20_000_000)])
        client.player("Play")
        #expect(context.render.currentTime == 20)
        #expect(client.property("PlaybackStatus") == .string("Playing"))
    }

    @Test func aStopBeforePublishingIsForgottenOncePlaybackStartsAgain() throws {
        context.render.load(MediaItem(path: "/media/a.mp4"))
        context.mediaSession.handleMediaKey(.mediaStop)
        context.render.play()
        try context.mediaSession.publish(applicationName: "Watch")
        let client = try DesktopClient(bus: bus, session: context.mediaSession)
        #expect(client.property("PlaybackStatus") == .string("Playing"))
    }

    @Test func malformedCallsGetDBusErrorsAndReachNoPlayer() throws {
        let client = try published()
        let engine = try #require(context.render.engine as? FakePlaybackEngine)
        let before = engine.commands
        #expect(
            client.player("Seek", [.string("ten")])?.errorName == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(
            client.player("SetPosition", [.int64(1)])?.errorName == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(client.player("Explode")?.errorName == "org.freedesktop.DBus.Error.UnknownMethod")
        #expect(client.set("Volume", .string("loud"))?.errorName == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(client.set("Volume", .double(.nan))?.errorName == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(
            client.set("PlaybackStatus", .string("Playing"))?.errorName
                == "org.freedesktop.DBus.Error.PropertyReadOnly")
        #expect(client.set("Nope", .double(1))?.errorName == "org.freedesktop.DBus.Error.UnknownProperty")
        #expect(
            client.player("OpenUri", [.string("\u{1}garbage")])?.errorName
                == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(
            client.player("OpenUri", [.string("gopher://x/y")])?.errorName
                == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(
            client.player("OpenUri", [.string("file:///no/such/file.mp4")])?.errorName
                == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(
            client.player("OpenUri", [.string(String(repeating: "x", count: 100_000))])?.errorName
                == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(
            client.call("org.mpris.MediaPlayer2.Player", "Play", path: "/elsewhere")?.errorName
                == "org.freedesktop.DBus.Error.UnknownObject")
        #expect(engine.commands == before)
        let introspection = client.call("org.freedesktop.DBus.Introspectable", "Introspect")?.arguments.first?
            .string
        #expect(introspection?.contains("<method name=\"SetPosition\">") == true)
    }

    @Test func openUriLoadsAFileAndPlaysIt() throws {
        let client = try published()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vpc-open-\(getpid()).mp4")
        try Data([0]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(client.player("OpenUri", [.string(file.absoluteString)])?.kind == .methodReturn)
        #expect(context.render.items.count == 1)
        #expect(context.render.status == .playing)
        #expect(client.metadata["xesam:url"] == .string(file.absoluteString))
    }

    @Test func aBusThatGoesAwayLeavesThePlayerWorking() throws {
        var bus: PrivateBus? = try PrivateBus()
        let context = Context(mode: .test).withDependency(\.clock, clock)
            .withDependency(\.sessionBusAddress, bus?.address)
            .withDependency(\.playbackEngine, .fake { _ in FakeMedia() })
        context.render.load(MediaItem(path: "a.mp4"))
        try context.mediaSession.publish()
        bus = nil
        for _ in 0..<200 where context.mediaSession.busName != nil {
            context.mediaSession.update()
            usleep(1000)
        }
        #expect(context.mediaSession.busName == nil)
        guard case .unavailable = context.mediaSession.state else {
            Issue.record("the session did not notice: \(context.mediaSession.state)")
            return
        }
        context.render.play()
        #expect(context.render.status == .playing)
    }

    @Test func withoutAWindowCallsAreAnsweredOnTheMainActor() async throws {
        let client = try published()
        context.render.play()
        let serial = client.connection.send(
            .methodCall(
                destination: context.mediaSession.busName, path: "/org/mpris/MediaPlayer2",
                interface: "org.mpris.MediaPlayer2.Player", member: "Pause"))
        var replied = false
        // Nobody calls update(): the watch has the main actor answer.
        for _ in 0..<500 where !replied {
            try await Task.sleep(for: .milliseconds(10))
            replied = client.connection.receive().contains { $0.replySerial == serial }
        }
        #expect(replied)
        #expect(context.render.status == .paused)
    }

    @Test func aFullscreenTheWindowManagerMakesReachesTheDesktopAtOnce() throws {
        HeadlessSDL.useDrivers()
        let title = "wm-\(UUID())"
        let window = PlayerWindow(title: title, size: Size(width: 160, height: 96), context: context) {
            Color.black
        }
        try window.open()
        defer { window.close() }
        let client = try DesktopClient(bus: bus, session: context.mediaSession)
        #expect(client.property("Fullscreen", of: "org.mpris.MediaPlayer2") == .boolean(false))
        // The window manager's own key: SDL hears of it as a window event, the app is not asked.
        let handle = try #require(
            (1..<1000).lazy.compactMap { SDL_GetWindowFromID($0) }.first {
                String(cString: SDL_GetWindowTitle($0)) == title
            })
        SDL_SetWindowFullscreen(handle, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
        var event = SDL_Event()
        event.type = SDL_WINDOWEVENT.rawValue
        event.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
        event.window.windowID = SDL_GetWindowID(handle)
        try #require(SDL_PushEvent(&event) == 1)
        window.runOnce()
        #expect(window.isFullscreen)
        #expect(client.hearsUnprompted("Fullscreen", becoming: .boolean(true)))
    }

    @Test func aPlayerWindowPublishesTheSessionAndItsLoopAnswersCalls() throws {
        HeadlessSDL.useDrivers()
        context.render.load(MediaItem(path: "/media/a.mp4"))
        // NB: a still page with nothing due, so only the call can wake the loop.
        let window = PlayerWindow(size: Size(width: 160, height: 96), context: context) { Color.black }
        try window.open()
        let name = try #require(context.mediaSession.busName)
        let client = try DesktopClient(bus: bus, session: context.mediaSession)
        #expect(try client.nameHasOwner(name))
        #expect(client.property("CanRaise", of: "org.mpris.MediaPlayer2") == .boolean(true))
        // A call that arrives while the loop sleeps wakes it, and the loop answers.
        let wakes = window.statistics.wakes
        let address = bus.address
        Thread.detachNewThread {
            usleep(100_000)
            let caller = try? DBusConnection(address: address)
            caller?.send(
                .methodCall(
                    destination: name, path: "/org/mpris/MediaPlayer2",
                    interface: "org.mpris.MediaPlayer2.Player",
                    member: "Play"))
        }
        // NB: other suites' windows, run in parallel, share SDL's event queue and may end a sleep.
        for _ in 0..<300 where context.render.status != .playing {
            window.runOnce(maxWait: 30)
        }
        #expect(window.statistics.wakes > wakes)
        // The window tells the desktop of its fullscreen itself, without a loop iteration.
        window.setFullscreen(true)
        #expect(client.hearsUnprompted("Fullscreen", becoming: .boolean(true)))
        #expect(context.render.status == .playing)
        window.close()
        #expect(context.mediaSession.state == .off)
        #expect(try !client.nameHasOwner(name))

        let quiet = PlayerWindow(size: Size(width: 160, height: 96), context: context) {
            PlayerWidget(context)
        }
        quiet.publishesMediaSession = false
        try quiet.open()
        #expect(context.mediaSession.busName == nil)
        quiet.close()
    }

    /// Runs `playerctl` on the private bus for this test's player.
    func playerctl(_ arguments: String...) async throws -> String {
        try await bus.playerctl(["--player=Watch"] + arguments)
    }

    @Test func playerctlSeesAndControlsThePlayer() async throws {
        _ = try published()
        #expect(try await playerctl("status") == "Paused")
        #expect(try await playerctl("metadata", "xesam:title") == "From the tags")
        _ = try await playerctl("play")
        #expect(context.render.status == .playing)
        #expect(try await playerctl("status") == "Playing")
        _ = try await playerctl("position", "12")
        #expect(context.render.currentTime == 12)
        _ = try await playerctl("volume", "0.3")
        #expect(context.render.volume == 0.3)
        _ = try await playerctl("next")
        #expect(context.render.currentIndex == 1)
        _ = try await playerctl("pause")
        #expect(context.render.status == .paused)
    }
}
