/// What the argument of a `::cue(...)` selector matches: compound selectors of an element name
/// (or `*`), classes, attributes (`voice` of a `<v>` span, `lang` of a `<lang>` one, compared as
/// CSS's `=`, `~=`, `|=`, `^=`, `$=` and `*=` do) and `:lang(...)`, joined by descendant (` `) and
/// child (`>`) combinators, such as `c.loud`, `v[voice="Esme"] > b`, `:lang(fr) i` or
/// `.yellow.bg_black`; or an id alone, `#intro-1` (the cue whose identifier that is).
///
/// `:past` and `:future` match by the cue's inner timestamps (`<00:01.500>`, as karaoke has): an
/// element or a run of text is in the past once a timestamp after it has passed, and in the
/// future while a timestamp before it has not come (``Element/time``); a compound of nothing but
/// them (`:past`, `:future:past`) matches the text between timestamps too, not only elements.
/// `:not(...)` matches what none of the compounds it lists does (`c:not(.loud, .quiet)`), and
/// counts as the most specific of them. Other pseudo-classes are not read.
struct WebVTTSelector: Equatable, Sendable {
    /// The element names of cue text: `c`, `b`, `i`, `u`, `v`, `lang`, `ruby` and `rt`.
    static let elements: Set<String> = ["c", "b", "i", "u", "v", "lang", "ruby", "rt"]

    /// An element of cue text as selectors see it.
    struct Element: Equatable, Sendable {
        var name: String
        var classes: [Substring]
        /// The annotation of a `<v>` span (its voice) or a `<lang>` one (its language).
        var annotation: String?
        /// The language of its text: that of the nearest `<lang>` span around it, itself included.
        var language: String?
        /// Where it lies against the time playing, by the cue's inner timestamps.
        var time = Time.current

        /// A run of text between tags, as time-only compounds see it (``Compound/isTimeOnly``).
        static func text(language: String?, time: Time) -> Element {
            Element(name: "", classes: [], annotation: nil, language: language, time: time)
        }
    }

    /// Where a node of cue text lies against the time playing, by the cue's inner timestamps.
    enum Time: Equatable, Sendable {
        /// A timestamp after it has passed.
        case past
        /// No timestamp after it has passed and none before it is still to come (all of a cue
        /// with no inner timestamps).
        case current
        /// A timestamp before it is still to come.
        case future
    }

    /// An attribute part, `[name]` or `[name<operator>"value"]`.
    struct Attribute: Equatable, Sendable {
        /// The element whose annotation the attribute is: `voice` is `v`'s, `lang` is `lang`'s.
        var element: String
        /// The operator before "=" (`~`, `|`, `^`, `$`, `*`, or none), and the value; `nil` for
        /// `[name]`, which any annotation matches.
        var test: (operator: Character?, value: String)? = nil

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.element == rhs.element && lhs.test?.operator == rhs.test?.operator
                && lhs.test?.value == rhs.test?.value
        }

        func matches(_ element: Element) -> Bool {
            guard element.name == self.element, let annotation = element.annotation else { return false }
            guard let (operation, value) = test else { return true }
            switch operation {
            case nil: return annotation == value
            case "~": return annotation.split(whereSeparator: \.isWhitespace).contains { $0 == value }
            case "|": return annotation == value || annotation.hasPrefix(value + "-")
            case "^": return !value.isEmpty && annotation.hasPrefix(value)
            case "$": return !value.isEmpty && annotation.hasSuffix(value)
            default: return !value.isEmpty && annotation.contains(value)
            }
        }
    }

    /// One compound selector: what a single element must be.
    struct Compound: Equatable, Sendable {
        /// The element's name; `nil` for any element.
        var name: String?
        /// Classes the element must all have.
        var classes: [String] = []
        var attributes: [Attribute] = []
        /// The languages of `:lang(...)` parts: each a range its text's language must fall in.
        var languages: [String] = []
        /// The times of `:past` and `:future` parts, which the element's must all be.
        var times: [Time] = []
        /// The compounds of each `:not(...)` part, none of which the element may match.
        var negations: [[Compound]] = []

        /// Whether it asks nothing of an element but, at most, its name.
        var isBare: Bool {
            classes.isEmpty && attributes.isEmpty && languages.isEmpty && times.isEmpty && negations.isEmpty
        }

        /// Whether it asks nothing but times (`:past`): it matches runs of text too.
        var isTimeOnly: Bool {
            name == nil && !times.isEmpty && classes.isEmpty && attributes.isEmpty && languages.isEmpty
                && negations.isEmpty
        }

        /// Whether any part of it, or of a compound it negates, asks for a time.
        var readsTime: Bool { !times.isEmpty || negations.joined().contains { $0.readsTime } }

        var specificity: Int {
            let negated = negations.reduce(0) { $0 + ($1.map(\.specificity).max() ?? 0) }
            return (classes.count + attributes.count + languages.count + times.count) * 1_000
                + (name == nil ? 0 : 1) + negated
        }

        func matches(_ element: Element) -> Bool {
            if element.name.isEmpty, !isTimeOnly { return false }
            guard name == nil || name == element.name,
                classes.allSatisfy({ wanted in element.classes.contains { $0 == wanted } }),
                attributes.allSatisfy({ $0.matches(element) }),
                times.allSatisfy({ $0 == element.time }),
                negations.allSatisfy({ !$0.contains { $0.matches(element) } })
            else { return false }
            return languages.allSatisfy { range in
                guard let language = element.language?.lowercased() else { return false }
                let wanted = range.lowercased()
                return language == wanted || language.hasPrefix(wanted + "-")
            }
        }
    }

    /// How a compound relates to the one after it.
    enum Combinator: Equatable, Sendable {
        /// ` `: the next is anywhere within it.
        case descendant
        /// `>`: the next is directly within it.
        case child
    }

    /// The compound the element itself must match.
    var subject = Compound()
    /// The compounds of the elements around it, the nearest first, each with how the one within
    /// it relates to it.
    var context: [(compound: Compound, combinator: Combinator)] = []
    /// The identifier of the cue matched as a whole.
    var id: String?

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.subject == rhs.subject && lhs.id == rhs.id
            && lhs.context.elementsEqual(rhs.context) {
                $0.compound == $1.compound && $0.combinator == $1.combinator
            }
    }

    /// The CSS specificity as one number: an id counts above any classes, attributes and
    /// pseudo-classes, which count above element names.
    var specificity: Int {
        (id == nil ? 0 : 1_000_000) + subject.specificity + context.reduce(0) { $0 + $1.compound.specificity }
    }

    /// Whether it asks for a time anywhere (`:past`, `:future`): what it matches then changes while
    /// a cue with inner timestamps shows.
    var readsTime: Bool { subject.readsTime || context.contains { $0.compound.readsTime } }

    /// Whether it matches `element` of cue text, within `ancestors` (the outermost first).
    func matches(_ element: Element, within ancestors: ArraySlice<Element>) -> Bool {
        guard id == nil, subject.matches(element) else { return false }
        return Self.matches(context[...], within: ancestors)
    }

    /// Whether `ancestors` (the outermost first) hold the elements `context` asks for, the first of
    /// it about the last of them.
    private static func matches(
        _ context: ArraySlice<(compound: Compound, combinator: Combinator)>,
        within ancestors: ArraySlice<Element>
    ) -> Bool {
        guard let (compound, combinator) = context.first else { return true }
        var candidates = ancestors
        while let nearest = candidates.popLast() {
            if compound.matches(nearest), matches(context.dropFirst(), within: candidates) { return true }
            if combinator == .child { return false }
        }
        return false
    }

    /// The selector the argument of `::cue(argument)` writes; `nil` for one that is not read.
    init?(_ argument: Substring) {
        var reader = Reader(text: argument.trimmingCharacters(in: .whitespaces)[...])
        if reader.take("#") {
            // An id matches a cue, not an element in it, and stands alone.
            guard let name = reader.identifier(), reader.isAtEnd else { return nil }
            id = name
            return
        }
        var compounds: [Compound] = []
        var combinators: [Combinator] = []
        while true {
            guard let compound = Self.compound(from: &reader), compounds.count < Self.compoundLimit else {
                return nil
            }
            compounds.append(compound)
            let spaced = reader.skipBlanks()
            if reader.isAtEnd { break }
            if reader.take(">") {
                _ = reader.skipBlanks()
                combinators.append(.child)
            } else if spaced {
                combinators.append(.descendant)
            } else {
                return nil
            }
        }
        subject = compounds.removeLast()
        // `::cue(*)` is `::cue`, which is read apart.
        guard !(compounds.isEmpty && subject.name == nil && subject.isBare) else { return nil }
        context = zip(compounds.reversed(), combinators.reversed()).map { ($0, $1) }
    }

    /// The most compounds a selector is read with.
    static let compoundLimit = 32

    /// The most `:not(...)` parts nested in one another that a selector is read with.
    static let negationDepthLimit = 8

    /// The compound selector `reader` stands at; `nil` for one that is not read. `depth` counts the
    /// `:not(...)` parts it is within.
    private static func compound(from reader: inout Reader, depth: Int = 0) -> Compound? {
        var compound = Compound()
        var named = false
        if reader.take("*") {
            named = true
        } else if let name = reader.identifier() {
            guard elements.contains(name) else { return nil }
            compound.name = name
            named = true
        }
        while let next = reader.next, !" \t\n>,)".contains(next) {
            if reader.take(".") {
                guard let name = reader.identifier() else { return nil }
                compound.classes.append(name)
            } else if reader.take("[") {
                guard let attribute = reader.attribute() else { return nil }
                compound.attributes.append(attribute)
            } else if reader.take(":") {
                switch reader.identifier()?.lowercased() {
                case "past": compound.times.append(.past)
                case "future": compound.times.append(.future)
                case "lang":
                    guard reader.take("("), let language = reader.value(), reader.take(")") else {
                        return nil
                    }
                    compound.languages.append(language)
                case "not":
                    guard depth < negationDepthLimit, reader.take("("),
                        let negated = negation(from: &reader, depth: depth + 1)
                    else { return nil }
                    compound.negations.append(negated)
                default: return nil
                }
            } else {
                return nil
            }
        }
        return named || !compound.isBare ? compound : nil
    }

    /// The compounds of a `:not(...)` part after its "(", separated by commas, up to its ")".
    private static func negation(from reader: inout Reader, depth: Int) -> [Compound]? {
        var compounds: [Compound] = []
        repeat {
            _ = reader.skipBlanks()
            guard let compound = compound(from: &reader, depth: depth), compounds.count < compoundLimit else {
                return nil
            }
            compounds.append(compound)
            _ = reader.skipBlanks()
        } while reader.take(",")
        return reader.take(")") ? compounds : nil
    }

    /// Reads the parts of a selector.
    private struct Reader {
        var text: Substring

        var isAtEnd: Bool { text.isEmpty }

        var next: Character? { text.first }

        /// Reads the blanks that come next; whether there were any.
        mutating func skipBlanks() -> Bool {
            let blanks = text.prefix { $0 == " " || $0 == "\t" || $0 == "\n" }
            text.removeFirst(blanks.count)
            return !blanks.isEmpty
        }

        /// The rest of an attribute part after its "[": `voice` or `lang`, with or without a test
        /// of its value, up to its "]".
        mutating func attribute() -> Attribute? {
            _ = skipBlanks()
            let element: String
            switch identifier() {
            case "voice": element = "v"
            case "lang": element = "lang"
            default: return nil
            }
            _ = skipBlanks()
            if take("]") { return Attribute(element: element) }
            var operation: Character?
            if let first = text.first, "~|^$*".contains(first) {
                operation = first
                text.removeFirst()
            }
            guard take("=") else { return nil }
            _ = skipBlanks()
            guard let value = value() else { return nil }
            _ = skipBlanks()
            guard take("]") else { return nil }
            return Attribute(element: element, test: (operation, value))
        }

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
