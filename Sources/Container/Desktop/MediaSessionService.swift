import Foundation
import Logging
import VideoPlayerDBus
import VideoPlayerRender

/// Why the media session is not on the desktop.
public enum MediaSessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No session bus: `DBUS_SESSION_BUS_ADDRESS` is not set (no desktop session).
    case noSessionBus
    /// The bus refused the connection: its error name and message.
    case bus(String)
    /// Another connection owns the name the session asked for.
    case nameTaken(String)

    public var description: String {
        switch self {
        case .noSessionBus: "no session bus (DBUS_SESSION_BUS_ADDRESS is not set)"
        case .bus(let reason): "session bus: \(reason)"
        case .nameTaken(let name): "\(name) is owned by another connection"
        }
    }
}

/// Whether the media session is on the desktop.
public enum MediaSessionState: Equatable, Sendable {
    /// Not published, or unpublished.
    case off
    /// On the session bus under `busName` (`org.mpris.MediaPlayer2.<app>.instance<pid>`).
    case published(busName: String)
    /// Publishing failed; the player works as before, only the desktop does not see it.
    case unavailable(MediaSessionError)
}

/// The player as the Linux desktop sees it: an MPRIS 2 media player on the session bus, so the
/// desktop's media controls (GNOME's and KDE's panels, `playerctl`, media keys, a headset's
/// buttons) show what plays and control it: `context.mediaSession`.
///
/// ```swift
/// let window = PlayerWindow(title: "Watch", context: context) { PlayerWidget(context) }
/// // A PlayerWindow publishes its context's media session when it opens;
/// // window.publishesMediaSession = false keeps it off the desktop.
/// try window.run()
/// ```
///
/// It answers `org.mpris.MediaPlayer2` and `org.mpris.MediaPlayer2.Player` at
/// `/org/mpris/MediaPlayer2` from ``RenderService``: the playback status, the current item's
/// metadata (track id, length, title, artist, album, artwork, URL), position, rate, volume, loop
/// status and what can be done; the methods play, pause, stop, seek, go to the next or previous
/// item and open a URI. It sends `PropertiesChanged` when one of them changes and `Seeked` after
/// every seek. Calls with the wrong arguments get D-Bus errors; none reaches the player.
///
/// The keyboard's media keys, when the window receives them, act the same way
/// (``handleMediaKey(_:)``), published or not.
///
/// The bus is read without blocking: a watch on a thread of its own wakes the main actor (and the
/// window's loop) when a call arrives, and ``update()`` answers it there.
///
/// The bus's address is the `sessionBusAddress` dependency: the session bus in apps, none in
/// tests, which give a private `dbus-daemon`'s instead.
///
/// > Important: Main actor only.
public final class MediaSessionService: Service {
    /// Whether the session is published, and if not, why.
    @ViewState public private(set) var state = MediaSessionState.off

    /// The name the desktop shows for the player (MPRIS's `Identity`); the process's name unless
    /// set.
    public var identity = ProcessInfo.processInfo.processName
    /// The base name of the app's `.desktop` file, without `.desktop`, for the desktop's icon;
    /// `nil` when it has none.
    public var desktopEntry: String?

    @Dependency(\.sessionBusAddress) private var sessionBusAddress

    var connection: DBusConnection?
    private var watch: DBusSocketWatch?
    private var renderObservation: ObservationToken?
    /// The properties last announced, per interface.
    var announced: [String: [String: DBusValue]] = [:]
    /// Whether ``stop`` was called since playback last started: MPRIS's `Stopped`.
    var isStopped = false

    private var keyObservation: ObservationToken?

    public required init(_ context: Context) {
        super.init(context)
        keyObservation = context.gesture.observeKey(taking: { [weak self] press in
            self?.handleMediaKey(press.key) ?? false
        })
        // NB: from the start, published or not, so a stop made before publishing ends with the
        // playback that follows it.
        renderObservation = context.render.observe { [weak self] event in self?.playerDidChange(event) }
    }

    /// The bus name the session owns while published.
    public var busName: String? {
        if case .published(let name) = state { name } else { nil }
    }

    /// Puts the player on the session bus as `org.mpris.MediaPlayer2.<applicationName>.instance<pid>`
    /// (the name is reduced to the letters, digits and `_` D-Bus allows); nothing happens when it is
    /// already published.
    ///
    /// - Parameter applicationName: The app's part of the bus name; ``identity`` when `nil`.
    /// - Throws: ``MediaSessionError``, also kept in ``state``; the player works as before.
    public func publish(applicationName: String? = nil) throws(MediaSessionError) {
        guard connection == nil else { return }
        do {
            let (connection, name) = try connect(applicationName: applicationName ?? identity)
            self.connection = connection
            state = .published(busName: name)
        } catch {
            state = .unavailable(error)
            Logger.desktop.warning("media session unavailable: \(error)")
            throw error
        }
        let target = context?.window.loopWaker
        watch = connection.flatMap { connection in
            DBusSocketWatch(connection: connection, label: "media-session-bus") { [weak self] in
                Task { @MainActor in self?.update() }
                target?.wake()
            }
        }
        announced = [:]
        announceChanges()
        Logger.desktop.info("media session published as \(busName ?? "")")
    }

    private func connect(applicationName: String) throws(MediaSessionError) -> (DBusConnection, String) {
        guard let address = sessionBusAddress else { throw .noSessionBus }
        let name = "org.mpris.MediaPlayer2.\(Self.busNameElement(applicationName)).instance\(getpid())"
        do {
            let connection = try DBusConnection(address: address)
            guard try connection.requestName(name) else { throw MediaSessionError.nameTaken(name) }
            return (connection, name)
        } catch let error as MediaSessionError {
            throw error
        } catch {
            throw .bus(String(describing: error))
        }
    }

    /// `name` as one element of a bus name: letters, digits and `_`, not starting with a digit.
    static func busNameElement(_ name: String) -> String {
        var element = String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_")
                    ? Character(scalar) : "_"
            })
        if element.first.map({ $0.isNumber }) ?? true { element = "_" + element }
        return element
    }

    /// Leaves the bus: the desktop's controls forget the player.
    public func unpublish() {
        watch = nil
        connection = nil
        announced = [:]
        state = .off
    }

    /// Answers the calls that arrived and announces what changed since the last call. A
    /// ``PlayerWindow`` calls it when it opens, closes or changes fullscreen, and after a loop
    /// iteration the watch woke; without a window, the watch has the main actor call it.
    public func update() {
        guard let connection else { return }
        guard connection.isConnected else {
            Logger.desktop.warning("the session bus went away")
            unpublish()
            state = .unavailable(.bus("the session bus closed the connection"))
            return
        }
        connection.answerCalls(with: answer, beforeFlush: announceChanges)
        watch?.rearm()
    }

    /// What a window's loop calls after each iteration: ``update()`` when the watch saw a call
    /// arrive or one waits in the buffer, nothing otherwise, so an iteration costs a look at a flag.
    func loopDidRun() {
        guard let connection, watch?.hasFired == true || connection.hasBufferedMessages else { return }
        update()
    }

    override public func didStop() {
        unpublish()
        keyObservation?.cancel()
        renderObservation?.cancel()
    }

    /// Acts on a media key the window received (no widget took it): play/pause, stop, next,
    /// previous, mute, rewind and fast-forward by 10 s, as the desktop's controls do through the
    /// bus; `false` for any other key.
    @discardableResult
    public func handleMediaKey(_ key: Key) -> Bool {
        guard let render = context?.render else { return false }
        switch key {
        case .mediaPlayPause: playPause()
        case .mediaStop: stop()
        case .mediaNext: render.next()
        case .mediaPrevious: render.previous()
        case .mediaMute: if render.isMuted { render.unmute() } else { render.mute() }
        case .mediaRewind: seek(by: -Self.mediaKeySeek)
        case .mediaFastForward: seek(by: Self.mediaKeySeek)
        default: return false
        }
        announceChanges()
        connection?.flush()
        return true
    }

    /// How far the rewind and fast-forward media keys seek: 10 s.
    public static let mediaKeySeek = 10.0

    private func playerDidChange(_ event: PlayerEvent) {
        switch event {
        case .statusChanged(.playing), .itemChanged:
            isStopped = false
        default:
            break
        }
        guard let connection else { return }
        announceChanges()
        let seekedTo: Double? =
            switch event {
            case .seekCompleted(let time): time
            case .looped: context?.render.currentTime ?? 0
            default: nil
            }
        if let seekedTo {
            connection.send(
                .signal(
                    path: MPRIS.path, interface: MPRIS.player, member: "Seeked",
                    arguments: [.int64(MPRIS.microseconds(seekedTo))]), flush: false)
        }
        connection.flush()
    }

    /// Sends `PropertiesChanged` for each interface whose properties differ from the ones last
    /// announced (the position, which moves by itself, aside).
    func announceChanges() {
        guard let connection else { return }
        for interface in [MPRIS.root, MPRIS.player] {
            let current = properties(of: interface).filter { !MPRIS.unannounced.contains($0.key) }
            let previous = announced[interface] ?? [:]
            guard current != previous else { continue }
            announced[interface] = current
            // NB: the first look only records what a client reads with GetAll anyway.
            guard !previous.isEmpty else { continue }
            let changed = current.filter { previous[$0.key] != $0.value }.sorted { $0.key < $1.key }
            let gone = previous.keys.filter { current[$0] == nil }.sorted()
            connection.send(
                .signal(
                    path: MPRIS.path, interface: MPRIS.properties, member: "PropertiesChanged",
                    arguments: [
                        .string(interface),
                        .dictionary(changed.map { (.string($0.key), .variant($0.value)) }),
                        .array(elementSignature: "s", gone.map { .string($0) }),
                    ]), flush: false)
        }
    }
}

/// The address of the session bus the media session publishes on.
private enum SessionBusAddressKey: DependencyKey {
    static var liveValue: String? {
        let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
        return address?.isEmpty == false ? address : nil
    }
    /// Tests touch no bus of the machine's: they give a private daemon's address.
    static var testValue: String? { nil }
}

extension DependencyValues {
    /// Where the session bus is (`unix:path=/run/user/1000/bus`): `DBUS_SESSION_BUS_ADDRESS` in
    /// apps, `nil` (no bus) in tests unless a test gives a private `dbus-daemon`'s.
    public var sessionBusAddress: String? {
        get { self[SessionBusAddressKey.self] }
        set { self[SessionBusAddressKey.self] = newValue }
    }
}

extension Context {
    /// The player on the desktop: MPRIS on the session bus.
    public var mediaSession: MediaSessionService { self[MediaSessionService.self] }
}
