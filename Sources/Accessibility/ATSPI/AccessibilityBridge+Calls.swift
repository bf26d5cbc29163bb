import VideoPlayerContainer

/// A call the bridge answers with a D-Bus error.
struct CallError: Error {
    let name: String
    let text: String

    static func invalidArguments(_ member: String, expected: String) -> CallError {
        CallError(name: ATSPI.ErrorName.invalidArgs, text: "\(member) takes (\(expected))")
    }
}

extension AccessibilityBridge {
    /// The reply to one method call: its result, or an error naming what was wrong.
    func answer(_ call: DBusMessage) -> DBusMessage {
        guard let path = call.path, let member = call.member else {
            return .error(
                to: call, name: ATSPI.ErrorName.unknownMethod, text: "A call names a path and a method")
        }
        if path == Self.cachePath { return answerCache(call, member: member) }
        guard let object = object(at: path) else {
            return .error(
                to: call, name: ATSPI.ErrorName.unknownObject, text: "No accessible object at \(path)")
        }
        do {
            return .reply(to: call, try answer(member, of: call.interface, with: call.arguments, on: object))
        } catch let error as CallError {
            return .error(to: call, name: error.name, text: error.text)
        } catch {
            return .error(to: call, name: "org.freedesktop.DBus.Error.Failed", text: "\(error)")
        }
    }

    private func answer(
        _ member: String, of interface: String?, with arguments: [DBusValue], on object: Object
    ) throws -> [DBusValue] {
        let interfaces = self.interfaces(of: object)
        switch interface {
        case ATSPI.Interface.properties?:
            return try answerProperties(member, arguments, on: object)
        case ATSPI.Interface.introspectable? where member == "Introspect":
            let body = interfaces.map { "<interface name=\"\($0)\"/>" }.joined()
            return [.string("<node>\(body)</node>")]
        case let name? where !interfaces.contains(name):
            throw CallError(name: ATSPI.ErrorName.unknownMethod, text: "The object has no interface \(name)")
        default:
            break
        }
        // A call without an interface goes to the first that has the method.
        for name in interface.map({ [$0] }) ?? interfaces {
            if let result = try answer(member, of: name, arguments, on: object) { return result }
        }
        throw CallError(
            name: ATSPI.ErrorName.unknownMethod,
            text: "No method \(member) in \(interface ?? "any interface")")
    }

    /// The interfaces an object implements.
    func interfaces(of object: Object) -> [String] {
        var names = [ATSPI.Interface.accessible]
        switch object {
        case .application:
            names.append(ATSPI.Interface.application)
        case .window:
            names.append(ATSPI.Interface.component)
        case .element(let element, _):
            names.append(ATSPI.Interface.component)
            if !actionNames(of: element).isEmpty { names.append(ATSPI.Interface.action) }
            if element.numericValue != nil { names.append(ATSPI.Interface.value) }
            if text(of: element) != nil { names.append(ATSPI.Interface.text) }
        }
        return names
    }

    private func answer(
        _ member: String, of interface: String, _ arguments: [DBusValue], on object: Object
    ) throws -> [DBusValue]? {
        switch interface {
        case ATSPI.Interface.accessible: try answerAccessible(member, arguments, on: object)
        case ATSPI.Interface.application: try answerApplication(member, arguments)
        case ATSPI.Interface.component: try answerComponent(member, arguments, on: object)
        case ATSPI.Interface.action: try answerAction(member, arguments, on: object)
        case ATSPI.Interface.text: try answerText(member, arguments, on: object)
        default: nil
        }
    }

    // MARK: Properties

    private func answerProperties(_ member: String, _ arguments: [DBusValue], on object: Object) throws
        -> [DBusValue]
    {
        switch member {
        case "Get":
            guard arguments.count == 2, let interface = arguments[0].string, let name = arguments[1].string
            else {
                throw CallError.invalidArguments(member, expected: "ss")
            }
            guard let value = properties(of: interface, on: object).first(where: { $0.0 == name })?.1 else {
                throw CallError(
                    name: ATSPI.ErrorName.unknownProperty, text: "No property \(interface).\(name)")
            }
            return [.variant(value)]
        case "GetAll":
            guard arguments.count == 1, let interface = arguments[0].string else {
                throw CallError.invalidArguments(member, expected: "s")
            }
            return [.dictionary(properties(of: interface, on: object).map { (.string($0), .variant($1)) })]
        case "Set":
            guard arguments.count == 3, let interface = arguments[0].string, let name = arguments[1].string
            else {
                throw CallError.invalidArguments(member, expected: "ssv")
            }
            try setProperty(interface, name, to: arguments[2], on: object)
            return []
        default:
            throw CallError(name: ATSPI.ErrorName.unknownMethod, text: "No method \(member) in Properties")
        }
    }

    private func setProperty(_ interface: String, _ name: String, to value: DBusValue, on object: Object)
        throws
    {
        switch (interface, name, object) {
        case (ATSPI.Interface.application, "Id", .application):
            guard let id = value.integer else { throw CallError.invalidArguments("Set Id", expected: "i") }
            applicationID = Int32(truncatingIfNeeded: id)
        case (ATSPI.Interface.value, "CurrentValue", .element(let element, _)):
            guard let target = value.double, target.isFinite else {
                throw CallError.invalidArguments("Set CurrentValue", expected: "d")
            }
            guard host?.setAccessibilityValue(target, on: element.id) == true else {
                throw CallError(
                    name: ATSPI.ErrorName.readOnly, text: "the value of \(element.label) cannot be set")
            }
        default:
            throw CallError(name: ATSPI.ErrorName.readOnly, text: "\(interface).\(name) cannot be set")
        }
    }

    /// The properties of `interface` on `object`, by name.
    func properties(of interface: String, on object: Object) -> [(String, DBusValue)] {
        switch interface {
        case ATSPI.Interface.accessible:
            return [
                ("Name", .string(name(of: object))),
                ("Description", .string(description(of: object))),
                ("Parent", parent(of: object)),
                ("ChildCount", .int32(Int32(children(of: object).count))),
                ("Locale", .string(locale)),
                ("AccessibleId", .string(accessibleID(of: object))),
                ("HelpText", .string(description(of: object))),
            ]
        case ATSPI.Interface.application:
            guard case .application = object else { return [] }
            return [
                ("ToolkitName", .string("VideoPlayerContainer")),
                ("Version", .string("1.0")),
                ("AtspiVersion", .string("2.1")),
                ("Id", .int32(applicationID)),
            ]
        case ATSPI.Interface.action:
            guard case .element(let element, _) = object else { return [] }
            return [("NActions", .int32(Int32(actionNames(of: element).count)))]
        case ATSPI.Interface.value:
            guard case .element(let element, _) = object, element.numericValue != nil else { return [] }
            let number = element.numericValue
            let range = number?.range ?? 0...0
            return [
                ("MinimumValue", .double(range.lowerBound)),
                ("MaximumValue", .double(range.upperBound)),
                ("CurrentValue", .double(number?.current ?? 0)),
                ("MinimumIncrement", .double(number?.step ?? 0)),
                ("Text", .string(element.value ?? "")),
            ]
        case ATSPI.Interface.text:
            guard case .element(let element, _) = object, let text = text(of: element) else { return [] }
            return [
                ("CharacterCount", .int32(Int32(text.count))),
                ("CaretOffset", .int32(element.isFocused ? Int32(text.count) : -1)),
            ]
        default:
            return []
        }
    }

    // MARK: Accessible

    private func answerAccessible(_ member: String, _ arguments: [DBusValue], on object: Object) throws
        -> [DBusValue]?
    {
        switch member {
        case "GetChildren":
            return [.array(elementSignature: "(so)", children(of: object).map { reference(path(of: $0)) })]
        case "GetChildAtIndex":
            guard arguments.count == 1, let index = arguments[0].integer else {
                throw CallError.invalidArguments(member, expected: "i")
            }
            let children = children(of: object)
            return [children.indices.contains(index) ? reference(path(of: children[index])) : nullReference]
        case "GetIndexInParent":
            return [.int32(indexInParent(of: object))]
        case "GetRole":
            return [.uint32(role(of: object).code)]
        case "GetRoleName", "GetLocalizedRoleName":
            return [.string(role(of: object).name)]
        case "GetState":
            return [ATSPI.State.words(states(of: object))]
        case "GetAttributes":
            var attributes: [(DBusValue, DBusValue)] = [(.string("toolkit"), .string("VideoPlayerContainer"))]
            if case .element(let element, _) = object, let identifier = element.identifier {
                attributes.append((.string("id"), .string(identifier)))
            }
            return [.dictionary(attributes, valueSignature: "s")]
        case "GetRelationSet":
            return [.array(elementSignature: "(ua(so))", [])]
        case "GetApplication":
            return [reference(ATSPI.rootPath)]
        case "GetInterfaces":
            return [.array(elementSignature: "s", interfaces(of: object).map { .string($0) })]
        default:
            return nil
        }
    }

    private func answerApplication(_ member: String, _ arguments: [DBusValue]) throws -> [DBusValue]? {
        guard member == "GetLocale" else { return nil }
        return [.string(locale)]
    }

    var locale: String { "en_US" }

    func name(of object: Object) -> String {
        switch object {
        case .application: applicationName
        case .window: windowTitle
        case .element(let element, _): element.label
        }
    }

    func description(of object: Object) -> String {
        guard case .element(let element, _) = object else { return "" }
        return element.hint ?? ""
    }

    private func accessibleID(of object: Object) -> String {
        guard case .element(let element, _) = object else { return "" }
        return element.identifier ?? ""
    }

    func role(of object: Object) -> ATSPI.Role {
        switch object {
        case .application: .application
        case .window: .frame
        case .element(let element, _): ATSPI.Role(element.role)
        }
    }

    func children(of object: Object) -> [Object] {
        switch object {
        case .application: [.window]
        case .window: elements.enumerated().map { .element($1, index: $0) }
        case .element: []
        }
    }

    func parent(of object: Object) -> DBusValue {
        switch object {
        case .application: desktop.map { reference($0.path, name: $0.name) } ?? nullReference
        case .window: reference(ATSPI.rootPath)
        case .element: reference(Self.windowPath)
        }
    }

    func indexInParent(of object: Object) -> Int32 {
        switch object {
        case .application: -1
        case .window: 0
        case .element(_, let index): Int32(index)
        }
    }

    func states(of object: Object) -> Set<ATSPI.State> {
        switch object {
        case .application:
            return []
        case .window:
            return [.active, .enabled, .sensitive, .showing, .visible]
        case .element(let element, _):
            var states: Set<ATSPI.State> = []
            if element.isEnabled { states.formUnion([.enabled, .sensitive]) }
            if element.frame.intersection(Rect(origin: .zero, size: host?.size ?? .zero)) != nil {
                states.formUnion([.showing, .visible])
            }
            if element.isFocusable { states.insert(.focusable) }
            if element.isFocused { states.insert(.focused) }
            switch element.role {
            case .toggle:
                states.insert(.checkable)
                if element.traits.contains(.isSelected) { states.insert(.checked) }
            case .textField, .searchField, .secureTextField:
                states.formUnion([.editable, .singleLine])
            default:
                if element.traits.contains(.isSelected) { states.formUnion([.selectable, .selected]) }
            }
            return states
        }
    }

    // MARK: Component

    private func frame(of object: Object, in coordinates: Int) -> Rect? {
        let local: Rect
        switch object {
        case .application: return nil
        case .window: local = Rect(origin: .zero, size: host?.size ?? .zero)
        case .element(let element, _): local = element.frame
        }
        guard ATSPI.Coordinates(rawValue: coordinates) == .screen else {
            if case .window = object { return Rect(origin: .zero, size: local.size) }
            return local
        }
        return Rect(origin: local.origin + windowOrigin, size: local.size)
    }

    private func answerComponent(_ member: String, _ arguments: [DBusValue], on object: Object) throws
        -> [DBusValue]?
    {
        func coordinates(at index: Int, expected: String) throws -> Int {
            guard arguments.count == expected.count, let value = arguments[index].integer else {
                throw CallError.invalidArguments(member, expected: expected)
            }
            return value
        }
        func point(expected: String) throws -> (Point, Int) {
            guard arguments.count == 3, let x = arguments[0].integer, let y = arguments[1].integer,
                let type = arguments[2].integer
            else { throw CallError.invalidArguments(member, expected: expected) }
            return (Point(x: Double(x), y: Double(y)), type)
        }
        let rounded = { (value: Double) in DBusValue.int32(Int32(clamping: Int(value.rounded()))) }
        switch member {
        case "GetExtents":
            let frame = self.frame(of: object, in: try coordinates(at: 0, expected: "u")) ?? .zero
            return [
                .structure([
                    rounded(frame.minX), rounded(frame.minY), rounded(frame.width), rounded(frame.height),
                ])
            ]
        case "GetPosition":
            let frame = self.frame(of: object, in: try coordinates(at: 0, expected: "u")) ?? .zero
            return [rounded(frame.minX), rounded(frame.minY)]
        case "GetSize":
            let frame = self.frame(of: object, in: ATSPI.Coordinates.window.rawValue) ?? .zero
            return [rounded(frame.width), rounded(frame.height)]
        case "Contains":
            let (point, type) = try point(expected: "iiu")
            return [.boolean(frame(of: object, in: type)?.contains(point) ?? false)]
        case "GetAccessibleAtPoint":
            let (point, type) = try point(expected: "iiu")
            guard case .window = object, let window = frame(of: .window, in: type) else {
                return [nullReference]
            }
            let local = point - window.origin
            // The last drawn is on top.
            let hit = elements.last { $0.frame.contains(local) }
            return [hit.map { reference(Self.path(of: $0)) } ?? nullReference]
        case "GetLayer":
            if case .window = object { return [.uint32(ATSPI.Layer.window)] }
            return [.uint32(ATSPI.Layer.widget)]
        case "GetMDIZOrder":
            return [.int16(0)]
        case "GetAlpha":
            return [.double(1)]
        case "GrabFocus":
            guard case .element(let element, _) = object else { return [.boolean(false)] }
            return [.boolean(host?.performAccessibilityAction(.focus, on: element.id) ?? false)]
        default:
            return nil
        }
    }

    // MARK: Action

    /// The AT-SPI names of the actions an element takes, in the order `DoAction` counts them.
    func actionNames(of element: AccessibilityElement) -> [(name: String, action: AccessibilityActionKind)] {
        element.actions.compactMap { action in
            switch action {
            case .activate: ("click", action)
            case .increment: ("increment", action)
            case .decrement: ("decrement", action)
            case .focus: nil
            }
        }
    }

    private func answerAction(_ member: String, _ arguments: [DBusValue], on object: Object) throws
        -> [DBusValue]?
    {
        guard case .element(let element, _) = object else { return nil }
        let actions = actionNames(of: element)
        if member == "GetActions" {
            return [
                .array(
                    elementSignature: "(sss)",
                    actions.map { .structure([.string($0.name), .string(element.hint ?? ""), .string("")]) })
            ]
        }
        guard ["GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding", "DoAction"].contains(member)
        else {
            return nil
        }
        guard arguments.count == 1, let index = arguments[0].integer else {
            throw CallError.invalidArguments(member, expected: "i")
        }
        guard actions.indices.contains(index) else {
            throw CallError(
                name: ATSPI.ErrorName.invalidArgs, text: "Action \(index) of \(actions.count) does not exist")
        }
        switch member {
        case "GetName", "GetLocalizedName": return [.string(actions[index].name)]
        case "GetDescription": return [.string(element.hint ?? "")]
        case "GetKeyBinding": return [.string("")]
        default:
            return [
                .boolean(host?.performAccessibilityAction(actions[index].action, on: element.id) ?? false)
            ]
        }
    }

    // MARK: Text

    /// The text a text interface shows: a static text's, or a field's (never a secure one's).
    func text(of element: AccessibilityElement) -> String? {
        switch element.role {
        case .staticText, .heading: element.label
        case .textField, .searchField: element.value ?? ""
        default: nil
        }
    }

    private func answerText(_ member: String, _ arguments: [DBusValue], on object: Object) throws
        -> [DBusValue]?
    {
        guard case .element(let element, _) = object, let text = text(of: element) else { return nil }
        let characters = Array(text)
        switch member {
        case "GetText":
            guard arguments.count == 2, let start = arguments[0].integer, let end = arguments[1].integer
            else {
                throw CallError.invalidArguments(member, expected: "ii")
            }
            let lower = min(max(start, 0), characters.count)
            let upper = end < 0 ? characters.count : min(max(end, lower), characters.count)
            return [.string(String(characters[lower..<upper]))]
        case "GetCharacterCount":
            return [.int32(Int32(characters.count))]
        default:
            return nil
        }
    }
}
