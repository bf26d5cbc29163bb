import Foundation
import VideoPlayerDBus
import VideoPlayerRender

/// The names and units of the MPRIS 2 specification.
enum MPRIS {
    static let path = "/org/mpris/MediaPlayer2"
    static let root = "org.mpris.MediaPlayer2"
    static let player = "org.mpris.MediaPlayer2.Player"
    static let properties = "org.freedesktop.DBus.Properties"
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let peer = "org.freedesktop.DBus.Peer"
    /// The track id of no track.
    static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"
    /// Where the track ids of the items lie (paths under /org/mpris are reserved).
    static let trackPrefix = "/org/videoplayercontainer/track/"
    /// What clients read when they need it instead of hearing of each change.
    static let unannounced: Set<String> = ["Position", "CanControl"]
    static let rates = 0.25...4.0

    /// MPRIS's LoopStatus for a repeat mode: `None`, `Track` or `Playlist`.
    static func loopStatus(_ mode: RepeatMode) -> String {
        switch mode {
        case .off: "None"
        case .one: "Track"
        case .all: "Playlist"
        }
    }

    /// Seconds as MPRIS's microseconds.
    static func microseconds(_ seconds: Double) -> Int64 {
        seconds.isFinite ? Int64((seconds * 1_000_000).rounded()) : 0
    }

    enum Failure {
        static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
        static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
        static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
        static let readOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
        static let notSupported = "org.freedesktop.DBus.Error.NotSupported"
    }

    static let uriSchemes = ["file", "http", "https"]
    static let mimeTypes = [
        "video/mp4", "video/webm", "video/x-matroska", "video/quicktime", "video/ogg", "video/mp2t",
        "audio/mpeg", "audio/mp4", "audio/ogg", "audio/flac", "audio/wav", "audio/webm",
        "application/vnd.apple.mpegurl", "application/x-mpegurl", "application/dash+xml",
    ]
}

extension MediaSessionService {
    // MARK: Properties

    /// The properties of `interface` as they are now; empty for an interface the session does not
    /// have.
    func properties(of interface: String) -> [String: DBusValue] {
        guard let context else { return [:] }
        let render = context.render
        let window = context.window.window
        switch interface {
        case MPRIS.root:
            var values: [String: DBusValue] = [
                "CanQuit": .boolean(window != nil),
                "CanRaise": .boolean(window != nil),
                "CanSetFullscreen": .boolean(window != nil),
                "Fullscreen": .boolean(window?.isFullscreen ?? false),
                "HasTrackList": .boolean(false),
                "Identity": .string(identity),
                "SupportedUriSchemes": .array(elementSignature: "s", MPRIS.uriSchemes.map { .string($0) }),
                "SupportedMimeTypes": .array(elementSignature: "s", MPRIS.mimeTypes.map { .string($0) }),
            ]
            if let desktopEntry { values["DesktopEntry"] = .string(desktopEntry) }
            return values
        case MPRIS.player:
            let hasItem = render.item != nil
            return [
                "PlaybackStatus": .string(playbackStatus),
                "LoopStatus": .string(MPRIS.loopStatus(render.repeatMode)),
                "Rate": .double(render.rate),
                "MinimumRate": .double(MPRIS.rates.lowerBound),
                "MaximumRate": .double(MPRIS.rates.upperBound),
                "Volume": .double(render.volume),
                "Position": .int64(MPRIS.microseconds(render.liveTime)),
                "Metadata": metadata,
                "CanGoNext": .boolean(render.canAdvanceToNext),
                "CanGoPrevious": .boolean(render.canReturnToPrevious),
                "CanPlay": .boolean(hasItem),
                "CanPause": .boolean(hasItem),
                "CanSeek": .boolean(canSeek),
                "CanControl": .boolean(true),
            ]
        default:
            return [:]
        }
    }

    /// `Playing`, `Paused` or `Stopped`.
    var playbackStatus: String {
        guard let render = context?.render, !isStopped else { return "Stopped" }
        switch render.status {
        case .playing, .buffering: return "Playing"
        case .loading, .ready, .paused: return render.item == nil ? "Stopped" : "Paused"
        case .idle, .ended, .failed: return "Stopped"
        }
    }

    private var canSeek: Bool {
        guard let render = context?.render, render.item != nil else { return false }
        return render.seekableRange != nil || (render.duration ?? 0) > 0
    }

    /// The current item's track id: a path made of its identity.
    var trackID: String {
        guard let item = context?.render.item else { return MPRIS.noTrack }
        return MPRIS.trackPrefix + item.id.uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The current item as MPRIS's `a{sv}`: the file's tags first, the item's own title after.
    private var metadata: DBusValue {
        guard let render = context?.render, let item = render.item else {
            return .dictionary([(.string("mpris:trackid"), .variant(.objectPath(MPRIS.noTrack)))])
        }
        var entries: [(String, DBusValue)] = [("mpris:trackid", .objectPath(trackID))]
        if let duration = render.duration, !render.isLive {
            entries.append(("mpris:length", .int64(MPRIS.microseconds(duration))))
        }
        let url = Self.url(of: item)
        if let title = render.metadata.title ?? item.title ?? url?.lastPathComponent {
            entries.append(("xesam:title", .string(title)))
        }
        if let artist = render.metadata.artist ?? item.subtitle {
            entries.append(("xesam:artist", .array(elementSignature: "s", [.string(artist)])))
        }
        if let album = render.metadata.album { entries.append(("xesam:album", .string(album))) }
        if let art = item.artworkURL { entries.append(("mpris:artUrl", .string(art.absoluteString))) }
        if let url { entries.append(("xesam:url", .string(url.absoluteString))) }
        return .dictionary(entries.map { (.string($0.0), .variant($0.1)) })
    }

    private static func url(of item: MediaItem) -> URL? {
        guard case .location(let location) = item.source else { return nil }
        if location.hasPrefix("/") { return URL(fileURLWithPath: location) }
        return URL(string: location)
    }

    // MARK: Calls

    /// The reply to `call`: its result, or a D-Bus error for what the session does not have or
    /// arguments of the wrong type.
    func answer(_ call: DBusMessage) -> DBusMessage {
        let interface = call.interface ?? ""
        let member = call.member ?? ""
        guard call.path == MPRIS.path else {
            if interface == MPRIS.introspectable, member == "Introspect",
                let child = MPRISIntrospection.child(onTheWayFrom: call.path ?? "")
            {
                return .reply(to: call, [.string(MPRISIntrospection.node(children: [child]))])
            }
            return .error(
                to: call, name: MPRIS.Failure.unknownObject, text: "no object at \(call.path ?? "")")
        }
        switch interface {
        case MPRIS.properties: return answerProperties(call, member: member)
        case MPRIS.introspectable where member == "Introspect":
            return .reply(to: call, [.string(MPRISIntrospection.document)])
        case MPRIS.peer where member == "Ping": return .reply(to: call)
        case MPRIS.root: return answerRoot(call, member: member)
        case MPRIS.player, "": return answerPlayer(call, member: member)
        default:
            return .error(to: call, name: MPRIS.Failure.unknownInterface, text: "no interface \(interface)")
        }
    }

    private func answerRoot(_ call: DBusMessage, member: String) -> DBusMessage {
        guard call.signature.isEmpty else { return wrongArguments(call, expected: "") }
        switch member {
        case "Raise": context?.window.window?.raise()
        case "Quit": context?.window.quit()
        default: return .error(to: call, name: MPRIS.Failure.unknownMethod, text: "no method \(member)")
        }
        return .reply(to: call)
    }

    private func answerPlayer(_ call: DBusMessage, member: String) -> DBusMessage {
        guard let render = context?.render else { return .reply(to: call) }
        let expected =
            switch member {
            case "Seek": "x"
            case "SetPosition": "ox"
            case "OpenUri": "s"
            case "Next", "Previous", "Pause", "PlayPause", "Stop", "Play": ""
            default: String?.none
            }
        guard let expected else {
            return .error(to: call, name: MPRIS.Failure.unknownMethod, text: "no method \(member)")
        }
        guard call.signature == expected else { return wrongArguments(call, expected: expected) }
        let arguments = call.arguments
        switch member {
        case "Next": render.next()
        case "Previous": render.previous()
        case "Pause": render.pause()
        case "Play": play()
        case "PlayPause": playPause()
        case "Stop": stop()
        case "Seek": seek(by: Double(arguments[0].integer ?? 0) / 1_000_000)
        case "SetPosition":
            setPosition(Double(arguments[1].integer ?? 0) / 1_000_000, track: arguments[0].string ?? "")
        default:
            return openURI(arguments[0].string ?? "", call: call)
        }
        return .reply(to: call)
    }

    private func wrongArguments(_ call: DBusMessage, expected: String) -> DBusMessage {
        .error(
            to: call, name: MPRIS.Failure.invalidArgs,
            text: "\(call.member ?? "") takes (\(expected)), not (\(call.signature))")
    }

    /// Pauses while playing, plays (as ``play()``) otherwise.
    func playPause() {
        if context?.render.isPlaying == true { context?.render.pause() } else { play() }
    }

    func play() {
        guard let render = context?.render, render.item != nil else { return }
        // NB: Stop went to the start already; a position the desktop set since is where to begin.
        if render.status == .ended { render.seek(to: 0) }
        isStopped = false
        render.play()
    }

    /// MPRIS's Stop: playback stops and goes back to the start, so Play begins it again.
    func stop() {
        guard let render = context?.render, render.item != nil else { return }
        render.pause()
        render.seek(to: 0)
        isStopped = true
    }

    /// Seeks `offset` seconds from the position: to 0 at most backwards; past the end, on to the
    /// next item as MPRIS asks (or to the end of the last one).
    func seek(by offset: Double) {
        guard let render = context?.render, canSeek else { return }
        let target = max(0, render.liveTime + offset)
        if let duration = render.duration, !render.isLive, target >= duration {
            if render.canAdvanceToNext {
                render.next()
            } else {
                render.seek(to: duration)
            }
            return
        }
        render.seek(to: target)
    }

    /// Seeks to `position` when `track` is still the current item and the position lies inside
    /// it; a stale track id or a position outside is ignored, as MPRIS asks.
    private func setPosition(_ position: Double, track: String) {
        guard let render = context?.render, canSeek, track == trackID, position >= 0 else { return }
        if let duration = render.duration, !render.isLive, position > duration { return }
        render.seek(to: position)
    }

    private func openURI(_ text: String, call: DBusMessage) -> DBusMessage {
        guard let render = context?.render else { return .reply(to: call) }
        guard text.count <= 8192, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            MPRIS.uriSchemes.contains(scheme)
        else {
            return .error(
                to: call, name: MPRIS.Failure.invalidArgs,
                text: "not a URI the player opens (\(MPRIS.uriSchemes.joined(separator: ", ")))")
        }
        if url.isFileURL, !FileManager.default.isReadableFile(atPath: url.path) {
            return .error(to: call, name: MPRIS.Failure.invalidArgs, text: "no readable file at \(url.path)")
        }
        render.load(MediaItem(url: url), autoplay: true)
        return .reply(to: call)
    }

    private func answerProperties(_ call: DBusMessage, member: String) -> DBusMessage {
        let arguments = call.arguments
        switch (member, call.signature) {
        case ("Get", "ss"):
            let interface = arguments[0].string ?? ""
            let name = arguments[1].string ?? ""
            guard let value = properties(of: interface)[name] else {
                return .error(
                    to: call, name: MPRIS.Failure.unknownProperty, text: "no property \(interface).\(name)")
            }
            return .reply(to: call, [.variant(value)])
        case ("GetAll", "s"):
            let values = properties(of: arguments[0].string ?? "").sorted { $0.key < $1.key }
            return .reply(to: call, [.dictionary(values.map { (.string($0.key), .variant($0.value)) })])
        case ("Set", "ssv"):
            return set(arguments[1].string ?? "", of: arguments[0].string ?? "", to: arguments[2], call: call)
        case ("Get", _), ("GetAll", _), ("Set", _):
            let expected = ["Get": "ss", "GetAll": "s", "Set": "ssv"][member] ?? ""
            return wrongArguments(call, expected: expected)
        default:
            return .error(to: call, name: MPRIS.Failure.unknownMethod, text: "no method \(member)")
        }
    }

    private func set(_ name: String, of interface: String, to value: DBusValue, call: DBusMessage)
        -> DBusMessage
    {
        guard let render = context?.render, properties(of: interface)[name] != nil else {
            return .error(
                to: call, name: MPRIS.Failure.unknownProperty, text: "no property \(interface).\(name)")
        }
        func invalid(_ text: String) -> DBusMessage {
            .error(to: call, name: MPRIS.Failure.invalidArgs, text: "\(name): \(text)")
        }
        switch (interface, name, value) {
        case (MPRIS.player, "Rate", .variant(.double(let rate))):
            // NB: MPRIS says a rate of 0 should pause; outside the range it is ignored.
            if rate == 0 {
                render.pause()
            } else if MPRIS.rates.contains(rate) {
                render.setRate(rate)
            }
        case (MPRIS.player, "Volume", .variant(.double(let volume))):
            guard volume.isFinite else { return invalid("not a number") }
            render.setVolume(max(0, volume))
        case (MPRIS.player, "LoopStatus", .variant(.string(let status))):
            guard let mode = RepeatMode.allCases.first(where: { MPRIS.loopStatus($0) == status }) else {
                return invalid("not None, Track or Playlist")
            }
            render.setRepeatMode(mode)
        case (MPRIS.root, "Fullscreen", .variant(.boolean(let fullscreen))):
            context?.window.window?.setFullscreen(fullscreen)
        case (MPRIS.player, "Rate", _), (MPRIS.player, "Volume", _):
            return invalid("takes a double")
        case (MPRIS.player, "LoopStatus", _):
            return invalid("takes a string")
        case (MPRIS.root, "Fullscreen", _):
            return invalid("takes a boolean")
        default:
            return .error(to: call, name: MPRIS.Failure.readOnly, text: "\(interface).\(name) is read-only")
        }
        return .reply(to: call)
    }
}
