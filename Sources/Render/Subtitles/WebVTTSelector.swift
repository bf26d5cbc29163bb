/// What the argument of a `::cue(...)` selector matches: a compound selector of an element name
/// (or `*`), classes, a `voice` attribute and an id, such as `c.loud`, `v[voice="Esme"]`,
/// `.yellow.bg_black` or `#intro-1` (the cue whose identifier that is). Combinators, pseudo-classes
/// and other attributes are not read.
struct WebVTTSelector: Equatable, Sendable {
    /// The element names of cue text: `c`, `b`, `i`, `u`, `v`, `lang`, `ruby` and `rt`.
    static let elements: Set<String> = ["c", "b", "i", "u", "v", "lang", "ruby", "rt"]

    /// What a `[voice...]` part asks of a `<v>` span's voice.
    enum Voice: Equatable, Sendable {
        /// `[voice]`: any voice.
        case any
        /// `[voice="name"]`: that voice.
        case named(String)
    }

    /// The element's name; `nil` for any element.
    var element: String?
    /// Classes the element must all have.
    var classes: [String] = []
    var voice: Voice?
    /// The identifier of the cue matched as a whole.
    var id: String?

    /// The CSS specificity as one number: an id counts above any classes and attributes, which
    /// count above an element name.
    var specificity: Int {
        (id == nil ? 0 : 1_000_000) + (classes.count + (voice == nil ? 0 : 1)) * 1_000
            + (element == nil ? 0 : 1)
    }

    /// Whether it matches an element of cue text named `element`, of `classes`, spoken by `voice`.
    func matches(element name: String, classes names: [Substring], voice spoken: String?) -> Bool {
        guard id == nil, element == nil || element == name,
            classes.allSatisfy({ wanted in names.contains { $0 == wanted } })
        else { return false }
        switch voice {
        case nil: return true
        case .any: return name == "v"
        case .named(let wanted): return name == "v" && spoken == wanted
        }
    }

    /// The selector the argument of `::cue(argument)` writes; `nil` for one that is not read.
    init?(_ argument: Substring) {
        var reader = Reader(text: argument.trimmingCharacters(in: .whitespaces)[...])
        if reader.take("*") {
            element = nil
        } else if let name = reader.identifier() {
            guard Self.elements.contains(name) else { return nil }
            element = name
        }
        while !reader.isAtEnd {
            if reader.take(".") {
                guard let name = reader.identifier() else { return nil }
                classes.append(name)
            } else if reader.take("#") {
                guard id == nil, let name = reader.identifier() else { return nil }
                id = name
            } else if reader.take("[") {
                guard voice == nil, reader.identifier() == "voice" else { return nil }
                if reader.take("]") {
                    voice = .any
                    continue
                }
                guard reader.take("="), let name = reader.value(), reader.take("]") else { return nil }
                voice = .named(name)
            } else {
                return nil
            }
        }
        // An id matches a cue, not an element in it.
        guard id == nil || (element == nil && classes.isEmpty && voice == nil) else { return nil }
        guard element != nil || id != nil || !classes.isEmpty || voice != nil else { return nil }
    }

    /// Reads the parts of a selector.
    private struct Reader {
        var text: Substring

        var isAtEnd: Bool { text.isEmpty }

        /// Whether `character` comes next, which is then read.
        mutating func take(_ character: Character) -> Bool {
            guard text.first == character else { return false }
            text.removeFirst()
            return true
        }

        /// A CSS identifier: letters, digits, "-", "_", characters past ASCII and escapes (`\31 `
        /// for "1", `\.` for "."); `nil` when none comes next.
        mutating func identifier() -> String? {
            var name = ""
            while let next = text.first {
                if next == "\\" {
                    text.removeFirst()
                    guard let escaped = escape() else { return nil }
                    name.append(escaped)
                } else if next.isLetter || next.isNumber || next == "-" || next == "_" || !next.isASCII {
                    name.append(next)
                    text.removeFirst()
                } else {
                    break
                }
            }
            return name.isEmpty ? nil : name
        }

        /// An attribute's value: an identifier, or a string in quotes.
        mutating func value() -> String? {
            guard let quote = text.first, quote == "\"" || quote == "'" else { return identifier() }
            text.removeFirst()
            var value = ""
            while let next = text.first {
                text.removeFirst()
                if next == quote { return value }
                if next == "\\" {
                    guard let escaped = escape() else { return nil }
                    value.append(escaped)
                } else {
                    value.append(next)
                }
            }
            return nil
        }

        /// The character an escape writes, after its backslash: up to six hex digits and one
        /// blank after them, or any other character as it is.
        private mutating func escape() -> Character? {
            let digits = text.prefix(6).prefix { $0.isHexDigit }
            guard !digits.isEmpty else { return text.isEmpty ? nil : text.removeFirst() }
            text.removeFirst(digits.count)
            if text.first == " " { text.removeFirst() }
            guard let code = UInt32(digits, radix: 16), code > 0, let scalar = Unicode.Scalar(code) else {
                return "\u{FFFD}"
            }
            return Character(scalar)
        }
    }
}
