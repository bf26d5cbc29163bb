/// The rules of a WebVTT file's `STYLE` blocks that plain cues are drawn with: those whose selector is
/// `::cue` (all cue text) or `::cue(...)` of a ``WebVTTSelector`` (`::cue(.name)`, `::cue(b)`,
/// `::cue(v[voice="Esme"])`, `::cue(:past)`, `::cue(#id)`...), and of their declarations `color`, `background-color` (or a
/// `background` that is one colour), `font-family` (`initial` is the caption style's font), `font-size` (a
/// percentage or `em`, of the caption style's size), `font-weight`, `font-style`, `text-decoration`,
/// `-webkit-text-stroke` (a width in `em` and a colour: a line around each letter) and `text-shadow` (its
/// first shadow, when it has no offset: a blur radius in `em` that blurs the stroke's edges, or with no
/// stroke draws a soft halo). Where rules disagree, the more specific selector wins, then the later rule, as
/// in CSS. `::cue-region` and `::cue-region(#id)` style the regions (``region(_:)``): the text of
/// their cues inherits what they set, but their background, which fills the region's box. Other
/// selectors (other pseudo-classes and pseudo-elements), at-rules and properties are passed over, as
/// is a declaration whose value cannot be read; reading never fails.
struct WebVTTStyleSheet: Equatable, Sendable {
    /// The styles a rule sets; `nil` leaves one as it is.
    struct Declarations: Equatable, Sendable {
        var color: SubtitleColor?
        var background: SubtitleColor?
        /// The font family; `.some(nil)` is the caption style's font (`font-family: initial`).
        var fontFamily: String??
        /// The text height as a share of the enclosing text's.
        var fontScale: Double?
        var bold: Bool?
        var italic: Bool?
        var underline: Bool?
        var outline: SubtitleOutline?
        /// A `text-shadow` under the letters: its colour, and its blur radius as `blur` (a width
        /// of 0); a radius of 0 is none.
        var halo: SubtitleOutline?

        /// The line drawn around the letters: the stroke, its edges blurred by the halo's radius;
        /// with no stroke, the halo, as a line half its radius wide blurred as far.
        var drawnOutline: SubtitleOutline? {
            guard let halo, halo.blur > 0 else { return outline }
            guard let outline, outline.width > 0 else {
                return SubtitleOutline(color: halo.color, width: halo.blur / 2, blur: halo.blur)
            }
            return SubtitleOutline(color: outline.color, width: outline.width, blur: halo.blur)
        }

        /// These styles with those `rule` sets over them.
        func overridden(by rule: Declarations) -> Declarations {
            Declarations(
                color: rule.color ?? color, background: rule.background ?? background,
                fontFamily: rule.fontFamily ?? fontFamily, fontScale: rule.fontScale ?? fontScale,
                bold: rule.bold ?? bold, italic: rule.italic ?? italic,
                underline: rule.underline ?? underline,
                outline: rule.outline ?? outline, halo: rule.halo ?? halo)
        }

        /// The styles of text within text of these styles that `rule` applies to: a size counts
        /// in the enclosing text's.
        func enclosing(_ rule: Declarations) -> Declarations {
            var inner = overridden(by: rule)
            if let scale = rule.fontScale { inner.fontScale = scale * (fontScale ?? 1) }
            return inner
        }
    }

    /// The rules of `::cue`.
    private(set) var cue = Declarations()
    /// The rules of `::cue(...)`, in the order of the sheet.
    private var rules: [(selector: WebVTTSelector, declarations: Declarations)] = []
    /// The rules of `::cue-region`, and of `::cue-region(#id)` by identifier.
    private var anyRegion = Declarations()
    private var regions: [String: Declarations] = [:]

    /// The most `::cue(...)` rules a sheet keeps: later ones are passed over.
    static let ruleLimit = 1000

    /// Whether a rule asks for the time (`:past`, `:future`): the styles of a cue with inner
    /// timestamps then change while it shows.
    private(set) var readsTime = false

    /// Whether a rule styles runs of text by their time alone (`::cue(:future)`), not only elements.
    private(set) var stylesText = false

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.cue == rhs.cue && lhs.rules.elementsEqual(rhs.rules) { $0 == $1 }
            && lhs.anyRegion == rhs.anyRegion
            && lhs.regions == rhs.regions
    }

    /// The styles of the region whose identifier is `id`: those of `::cue-region`, with those of
    /// `::cue-region(#id)` over them; none for a cue in no region (`nil`).
    func region(_ id: String?) -> Declarations {
        guard let id else { return Declarations() }
        return regions[id].map { anyRegion.overridden(by: $0) } ?? anyRegion
    }

    /// The styles of the text of the cue whose identifier is `identifier`: those of `::cue`, with
    /// those of the `::cue(#identifier)` rules over them.
    func cue(identifier: String?) -> Declarations {
        guard let identifier else { return cue }
        return applying(to: cue) { $0.id == identifier }
    }

    /// The styles the rules give `element` of cue text within `ancestors` (the outermost first),
    /// over its own `styles`.
    func element(
        _ element: WebVTTSelector.Element, within ancestors: ArraySlice<WebVTTSelector.Element> = [],
        over styles: Declarations = Declarations()
    ) -> Declarations {
        applying(to: styles) { $0.matches(element, within: ancestors) }
    }

    /// The styles the rules give a run of text of `time` within `ancestors` (the outermost
    /// first), which the elements' styles enclose; only time-only selectors match it
    /// (``WebVTTSelector/Compound/isTimeOnly``).
    func text(
        at time: WebVTTSelector.Time, language: String?, within ancestors: ArraySlice<WebVTTSelector.Element>
    ) -> Declarations {
        let run = WebVTTSelector.Element.text(language: language, time: time)
        return applying(to: Declarations()) { $0.matches(run, within: ancestors) }
    }

    /// `styles` with the declarations of the rules whose selector `matches` over them, the least
    /// specific first, then in the sheet's order.
    private func applying(to styles: Declarations, where matches: (WebVTTSelector) -> Bool) -> Declarations {
        rules.indices.filter { matches(rules[$0].selector) }
            .sorted { (rules[$0].selector.specificity, $0) < (rules[$1].selector.specificity, $1) }
            .reduce(styles) { $0.overridden(by: rules[$1].declarations) }
    }

    /// The smallest and largest text heights, as shares of the caption style's.
    static let fontScales = 0.1...4.0

    /// Adds the rules of `css`, the text of a `STYLE` block after its first line; a rule for a
    /// selector that has one already overrides what both set.
    mutating func read(_ css: Substring) {
        var text = Self.withoutComments(css)[...]
        while let open = text.firstIndex(of: "{") {
            let prelude = text[..<open]
            // A block's end is the brace that balances its opening one (an at-rule such as
            // `@media` holds blocks of its own).
            var depth = 0
            var close = text.endIndex
            for index in text[open...].indices {
                if text[index] == "{" { depth += 1 }
                if text[index] == "}" {
                    depth -= 1
                    if depth == 0 {
                        close = index
                        break
                    }
                }
            }
            let body = text[text.index(after: open)..<close]
            text = close < text.endIndex ? text[text.index(after: close)...] : ""
            let selectors = Self.selectors(in: prelude).map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard !prelude.contains("@") else { continue }
            let rule = Self.declarations(body)
            for selector in selectors {
                if selector == "::cue" {
                    cue = cue.overridden(by: rule)
                } else if selector == "::cue-region" {
                    anyRegion = anyRegion.overridden(by: rule)
                } else if selector.hasPrefix("::cue-region("), selector.hasSuffix(")"),
                    regions.count < Self.ruleLimit,
                    let id = WebVTTSelector(selector.dropFirst(13).dropLast())?.id
                {
                    regions[id] = (regions[id] ?? Declarations()).overridden(by: rule)
                } else if selector.hasPrefix("::cue("), selector.hasSuffix(")"), rules.count < Self.ruleLimit,
                    let parsed = WebVTTSelector(selector.dropFirst(6).dropLast())
                {
                    rules.append((parsed, rule))
                    readsTime = readsTime || parsed.readsTime
                    stylesText = stylesText || parsed.subject.isTimeOnly
                }
            }
        }
    }

    /// The selectors of a rule's `prelude`, cut at its commas but those within quotes, brackets
    /// or parentheses (`::cue(v[voice="Doe, Jane"])` is one).
    private static func selectors(in prelude: Substring) -> [Substring] {
        var selectors: [Substring] = []
        var start = prelude.startIndex
        var (depth, quote): (Int, Character?) = (0, nil)
        for index in prelude.indices {
            let character = prelude[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "(" || character == "[" {
                depth += 1
            } else if character == ")" || character == "]" {
                depth = max(0, depth - 1)
            } else if character == ",", depth == 0 {
                selectors.append(prelude[start..<index])
                start = prelude.index(after: index)
            }
        }
        selectors.append(prelude[start...])
        return selectors
    }

    /// `css` with its `/* ... */` comments removed (an unclosed one runs to the end).
    private static func withoutComments(_ css: Substring) -> String {
        var result = ""
        var rest = css
        while let start = rest.range(of: "/*") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*/") else { return result }
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    /// The styles the declarations of a rule's `body` set.
    private static func declarations(_ body: Substring) -> Declarations {
        var rule = Declarations()
        for declaration in body.split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let name = declaration[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            var value = declaration[declaration.index(after: colon)...]
                .trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            if value.hasSuffix("!important") {
                value = value.dropLast(10).trimmingCharacters(in: .whitespaces)
            }
            switch name {
            case "color":
                rule.color = SubtitleColor(css: value) ?? rule.color
            case "background-color", "background":
                rule.background = SubtitleColor(css: value) ?? rule.background
            case "font-family" where value == "initial":
                rule.fontFamily = .some(nil)
            case "font-family" where value != "inherit" && value != "unset":
                if let family = fontFamily(in: declaration[declaration.index(after: colon)...]) {
                    rule.fontFamily = family
                }
            case "font-size":
                rule.fontScale = fontScale(value) ?? rule.fontScale
            case "-webkit-text-stroke":
                rule.outline = outline(value) ?? rule.outline
            case "text-shadow":
                rule.halo = halo(value) ?? rule.halo
            case "font-weight":
                if let weight = Int(value) {
                    rule.bold = weight >= 600
                } else if ["bold", "bolder", "normal", "lighter"].contains(value) {
                    rule.bold = value.hasPrefix("bold")
                }
            case "font-style":
                if ["italic", "oblique", "normal"].contains(where: value.hasPrefix) {
                    rule.italic = value != "normal"
                }
            case "text-decoration", "text-decoration-line":
                if value.contains("underline") {
                    rule.underline = true
                } else if value == "none" {
                    rule.underline = false
                }
            default:
                continue
            }
        }
        return rule
    }

    /// The first family of a `font-family` list, unquoted, as fontconfig takes it: letters,
    /// digits, blanks, "-" and "_" (generic families such as `sans-serif` among them).
    static func fontFamily(in list: some StringProtocol) -> String? {
        guard let first = list.split(separator: ",").first else { return nil }
        var name = first.trimmingCharacters(in: .whitespacesAndNewlines)
        if let quote = name.first, quote == "\"" || quote == "'", name.count >= 2, name.last == quote {
            name = String(name.dropFirst().dropLast())
        }
        let allowed = name.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
        guard allowed, !name.isEmpty, name.count <= 100 else { return nil }
        return name
    }

    /// The line a `-webkit-text-stroke` of a width (in `em`, or 0) and a colour (black when left
    /// out), in either order, draws.
    private static func outline(_ value: String) -> SubtitleOutline? {
        guard let (widths, color) = lengthsAndColor(value), widths.count == 1 else { return nil }
        return SubtitleOutline(color: color, width: widths[0])
    }

    /// The halo a `text-shadow` draws: its first shadow, when it lies under the letters (two
    /// offsets of 0, then a blur radius in `em`, or 0 when left out) with a colour (black when
    /// left out) before or after; "none" takes it off.
    private static func halo(_ value: String) -> SubtitleOutline? {
        guard value != "none" else { return SubtitleOutline(color: .black, width: 0) }
        // The shadows are listed with commas between them, and a colour may hold commas too.
        var depth = 0
        let first = value.prefix { character in
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            return character != "," || depth > 0
        }
        guard let (lengths, color) = lengthsAndColor(String(first)), (2...3).contains(lengths.count),
            lengths[0] == 0, lengths[1] == 0
        else { return nil }
        return SubtitleOutline(color: color, width: 0, blur: lengths.count == 3 ? lengths[2] : 0)
    }

    /// The lengths (in `em`, or 0) and the colour (black when left out) of a value that gives
    /// them in either order; `nil` when the colour cannot be read or there is no length.
    private static func lengthsAndColor(_ value: String) -> ([Double], SubtitleColor)? {
        func length(_ word: Substring) -> Double? {
            let number = Double(word.hasSuffix("em") ? word.dropLast(2) : word)
            guard let number, number.isFinite, number >= 0, word.hasSuffix("em") || number == 0 else {
                return nil
            }
            return number
        }
        // A colour may hold blanks ("rgba(0, 0, 0, 0.5)"): the lengths come first or last.
        let words = value.split(separator: " ")
        let read = words.map(length)
        var lengths = Array(read.prefix { $0 != nil })
        var rest = words.dropFirst(lengths.count)
        if lengths.isEmpty {
            lengths = Array(read.reversed().prefix { $0 != nil }.reversed())
            rest = words.dropLast(lengths.count)
        }
        guard !lengths.isEmpty else { return nil }
        let color = rest.isEmpty ? SubtitleColor.black : SubtitleColor(css: rest.joined(separator: " "))
        return color.map { (lengths.compactMap { $0 }, $0) }
    }

    /// The share of the enclosing text's height a `font-size` of a percentage or `em` gives.
    private static func fontScale(_ value: String) -> Double? {
        guard let number = relativeLength(value), number.isFinite, number > 0 else { return nil }
        return number
    }

    /// A length in percent or `em` as a share of the enclosing text's height ("150%" and "1.5em"
    /// are 1.5); `nil` for other units and for words.
    static func relativeLength(_ value: some StringProtocol) -> Double? {
        if value.hasSuffix("%") { return Double(value.dropLast()).map { $0 / 100 } }
        if value.hasSuffix("em") { return Double(value.dropLast(2)) }
        return nil
    }
}

extension SubtitleColor {
    /// A colour as CSS writes it: a name (``markupNames``, "transparent"), `#RGB`, `#RGBA`,
    /// `#RRGGBB`, `#RRGGBBAA`, `rgb(r, g, b)` or `rgba(r, g, b, a)` (components from 0 to 255 or
    /// percentages, the opacity from 0 to 1 or a percentage); `nil` for anything else.
    init?(css value: some StringProtocol) {
        self.init(markup: value, opacityScale: 1)
    }

    /// A colour as TTML writes it (`tts:color`, `tts:backgroundColor`): as CSS does, but the
    /// opacity of `rgba(...)` counts from 0 to 255.
    init?(ttml value: some StringProtocol) {
        self.init(markup: value, opacityScale: 255)
    }

    private init?(markup value: some StringProtocol, opacityScale: Double) {
        let text = value.trimmingCharacters(in: .whitespaces).lowercased()
        if text == "transparent" {
            self = SubtitleColor.black.opacity(0)
            return
        }
        if text.hasPrefix("#"), [5, 9].contains(text.count), let number = UInt32(text.dropFirst(), radix: 16)
        {
            // #RGBA and #RRGGBBAA carry the opacity last.
            let short = text.count == 5
            let opacity = Double(short ? (number & 0xF) * 0x11 : number & 0xFF) / 255
            guard let color = SubtitleColor(markup: short ? text.dropLast() : text.dropLast(2)) else {
                return nil
            }
            self = color.opacity(opacity)
            return
        }
        if let color = SubtitleColor(markup: text) {
            self = color
            return
        }
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")"),
            ["rgb", "rgba"].contains(text[..<open].trimmingCharacters(in: .whitespaces))
        else { return nil }
        let parts = text[text.index(after: open)..<text.index(before: text.endIndex)]
            .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
        guard parts.count == 3 || parts.count == 4 else { return nil }
        func component(_ part: Substring, scale: Double) -> Double? {
            let percent = part.hasSuffix("%")
            guard let number = Double(percent ? part.dropLast() : part), number.isFinite else { return nil }
            return min(max(percent ? number / 100 : number / scale, 0), 1)
        }
        let rgb = parts.prefix(3).compactMap { component($0, scale: 255) }
        guard rgb.count == 3 else { return nil }
        let opacity = parts.count == 4 ? component(parts[3], scale: opacityScale) : 1
        guard let opacity else { return nil }
        let bytes = rgb.map { UInt8(($0 * 255).rounded()) }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], opacity: opacity)
    }

    /// The colour as CSS writes it, `rgba(r,g,b,a)`.
    var css: String {
        "rgba(\(red),\(green),\(blue),\(String(format: "%.4g", opacity)))"
    }
}
