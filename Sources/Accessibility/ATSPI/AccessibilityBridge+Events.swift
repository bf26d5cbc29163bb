import VideoPlayerContainer

extension AccessibilityBridge {
    /// Sends the AT-SPI events of the differences between `previous` and the current elements:
    /// children added and removed (to the window and to the cache), names, descriptions and values
    /// changed, and states (the focus above all) changed.
    func announceChanges(from previous: [AccessibilityElement]) {
        let old = Dictionary(previous.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let current = Set(elements.map(\.id))
        for (index, element) in previous.enumerated().reversed() where !current.contains(element.id) {
            emit(
                "ChildrenChanged", kind: "remove", detail: index, data: reference(Self.path(of: element)),
                from: Self.windowPath)
            emitCache("RemoveAccessible", reference(Self.path(of: element)))
        }
        var focusGained: [AccessibilityElement] = []
        for (index, element) in elements.enumerated() {
            let path = Self.path(of: element)
            guard let before = old[element.id] else {
                emitCache("AddAccessible", cacheItem(.element(element, index: index)))
                emit(
                    "ChildrenChanged", kind: "add", detail: index, data: reference(path),
                    from: Self.windowPath)
                if element.isFocused { focusGained.append(element) }
                continue
            }
            if before.label != element.label {
                emit("PropertyChange", kind: "accessible-name", data: .string(element.label), from: path)
            }
            if before.hint != element.hint {
                emit(
                    "PropertyChange", kind: "accessible-description", data: .string(element.hint ?? ""),
                    from: path)
            }
            if before.value != element.value || before.numericValue != element.numericValue {
                emit(
                    "PropertyChange", kind: "accessible-value",
                    data: .double(element.numericValue?.current ?? 0), from: path)
            }
            let (was, now) = (states(of: .element(before, index: 0)), states(of: .element(element, index: 0)))
            // Focus lost first, then the other states, and the focus gained last, as toolkits do.
            for state in was.symmetricDifference(now).sorted(by: { $0.rawValue < $1.rawValue })
            where state != .focused || was.contains(.focused) {
                emit("StateChanged", kind: state.eventName, detail: now.contains(state) ? 1 : 0, from: path)
            }
            if now.contains(.focused) && !was.contains(.focused) { focusGained.append(element) }
        }
        for element in focusGained {
            emit("StateChanged", kind: ATSPI.State.focused.eventName, detail: 1, from: Self.path(of: element))
        }
    }

    /// Sends `org.a11y.atspi.Cache.<member>` with `item`.
    private func emitCache(_ member: String, _ item: DBusValue) {
        connection.send(
            .signal(
                path: Self.cachePath, interface: ATSPI.Interface.cache, member: member, arguments: [item]),
            flush: false)
    }

    /// Sends `org.a11y.atspi.Event.Object.<member>` from the object at `path`.
    private func emit(
        _ member: String, kind: String, detail: Int = 0, data: DBusValue = .int32(0), from path: String
    ) {
        connection.send(
            .signal(
                path: path, interface: ATSPI.Interface.objectEvents, member: member,
                arguments: [
                    .string(kind), .int32(Int32(clamping: detail)), .int32(0), .variant(data),
                    .dictionary([]),
                ]),
            flush: false)
    }
}
