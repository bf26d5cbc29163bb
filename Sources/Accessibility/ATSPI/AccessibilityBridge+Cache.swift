import VideoPlayerContainer

/// AT-SPI's `org.a11y.atspi.Cache` at `/org/a11y/atspi/cache`: every object with its parent,
/// children count, interfaces, name, role, description and states in one reply, so a screen
/// reader (libatspi) fills its cache with one call instead of several per object, and
/// `AddAccessible` / `RemoveAccessible` as elements come and go.
extension AccessibilityBridge {
    static let cachePath = "/org/a11y/atspi/cache"
    static let cacheItemSignature = "((so)(so)(so)iiassusau)"

    func answerCache(_ call: DBusMessage, member: String) -> DBusMessage {
        switch (call.interface, member) {
        case (ATSPI.Interface.cache?, "GetItems"), (nil, "GetItems"):
            let objects = [Object.application, .window] + children(of: .window)
            return .reply(
                to: call, [.array(elementSignature: Self.cacheItemSignature, objects.map(cacheItem))])
        case (ATSPI.Interface.introspectable?, "Introspect"):
            return .reply(to: call, [.string("<node><interface name=\"\(ATSPI.Interface.cache)\"/></node>")])
        default:
            return .error(
                to: call, name: ATSPI.ErrorName.unknownMethod,
                text: "No method \(member) in \(call.interface ?? "any interface") at \(Self.cachePath)")
        }
    }

    /// One object as the cache describes it.
    func cacheItem(_ object: Object) -> DBusValue {
        .structure([
            reference(path(of: object)), reference(ATSPI.rootPath), parent(of: object),
            .int32(indexInParent(of: object)), .int32(Int32(children(of: object).count)),
            .array(elementSignature: "s", interfaces(of: object).map { .string($0) }),
            .string(name(of: object)), .uint32(role(of: object).code), .string(description(of: object)),
            ATSPI.State.words(states(of: object)),
        ])
    }
}
