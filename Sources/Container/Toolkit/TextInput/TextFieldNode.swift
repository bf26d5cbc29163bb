import CCairo

/// Edits, lays out and draws a ``TextField``; the host gives it the focus, keys, typed text and
/// the pointer.
@MainActor
final class TextFieldNode: Node, FocusTarget {
    static let caretWidth = 1.5
    /// The selection's colour.
    static let selectionColor = Color(red: 0.2, green: 0.5, blue: 1, alpha: 0.45)
    /// The most characters drawn at once: enough for any field, few enough that a pasted megabyte
    /// is not measured whole.
    static let drawnCharacterLimit = 400

    private(set) var field: TextField?
    private(set) var editing = TextEditing()
    private(set) var isFocused = false
    /// The first character drawn; moves so that the caret stays in view.
    private var firstShown = 0
    /// The last click, to tell a double click.
    private var lastClick: (time: Double, offset: Int)?
    /// Whether the blinking caret is in its hidden half.
    private(set) var isCaretHidden = false
    private var blinkTimer: TimerToken?

    override var drawsContent: Bool { true }

    override func update(from widget: any Widget, in tree: WidgetTree) {
        guard let field = widget as? TextField else { return }
        self.field = field
        let text = field.text.wrappedValue
        if text != editing.text {
            editing.replaceAll(with: text)
            firstShown = 0
            invalidateLayout()
        }
        invalidatePaint()
    }

    // MARK: Layout

    private var font: Font { environment.font }
    private var scale: Double { tree?.scale ?? 1 }

    private func measure(_ text: String) -> (width: Double, lineHeight: Double) {
        TextEngine.shared.measureLine(text, font: font, scale: scale)
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        let sample =
            editing.count > 0
            ? shownText(0..<min(editing.count, Self.drawnCharacterLimit)) : (field?.placeholder ?? "")
        let (width, lineHeight) = measure(sample.isEmpty ? " " : sample)
        let ideal = width + Self.caretWidth
        let proposed = proposal.width.flatMap { $0.isFinite ? $0 : nil }
        return Size(width: proposed ?? ideal, height: lineHeight)
    }

    // MARK: Text shown

    /// The characters of `range` as drawn: dots in a secure field.
    private func shownText(_ range: Range<Int>) -> String {
        guard field?.isSecure == true else { return String(editing.characters[range]) }
        return String(repeating: "•", count: range.count)
    }

    /// The x of the caret at `offset`, from the field's left edge.
    private func x(of offset: Int) -> Double {
        guard offset > firstShown else { return 0 }
        return measure(shownText(firstShown..<offset)).width
    }

    /// Moves `firstShown` so that the caret (and the composition after it) shows.
    private func scrollToCaret() {
        let caret = editing.head
        if caret < firstShown { firstShown = max(0, caret - 8) }
        let room = frame.width - Self.caretWidth - measure(editing.composition).width
        guard room > 0 else {
            firstShown = caret
            return
        }
        firstShown = max(firstShown, caret - Self.drawnCharacterLimit)
        guard x(of: caret) > room else { return }
        // The first start from which the caret fits, found by halving.
        var low = firstShown
        var high = caret
        while low < high {
            let middle = (low + high) / 2
            if measure(shownText(middle..<caret)).width <= room { high = middle } else { low = middle + 1 }
        }
        firstShown = low
    }

    /// The character offset nearest to `x` (from the field's left edge).
    private func offset(at x: Double) -> Int {
        let last = min(editing.count, firstShown + Self.drawnCharacterLimit)
        var low = firstShown
        var high = last
        while low < high {
            let middle = (low + high) / 2
            if self.x(of: middle + 1) < x { low = middle + 1 } else { high = middle }
        }
        // Between two characters: the nearer edge.
        guard low < last else { return low }
        let before = self.x(of: low)
        let after = self.x(of: low + 1)
        return x - before > after - x ? low + 1 : low
    }

    // MARK: Drawing

    override func draw(_ context: DrawContext) {
        guard context.needsDrawing(frame), let field else { return }
        let cairo = context.cairo
        context.saved {
            context.clip(to: frame)
            let lineHeight = measure(" ").lineHeight
            let origin = Point(x: frame.minX, y: frame.minY + (frame.height - lineHeight) / 2)
            guard editing.count > 0 || !editing.composition.isEmpty else {
                var placeholder = environment.foregroundColor
                placeholder.alpha *= 0.5
                context.setSource(placeholder)
                TextEngine.shared.drawLine(
                    field.placeholder, font: font, scale: context.scale, at: origin, cairo: cairo)
                drawCaret(at: origin.x, origin: origin, lineHeight: lineHeight, context: context)
                return
            }
            // NB: while composing, what the input method types replaces the selection; the
            // composition stands where the selection would be highlighted.
            let selection = editing.selection
            if !selection.isEmpty, editing.composition.isEmpty {
                let start = x(of: max(selection.lowerBound, firstShown))
                let end = x(of: selection.upperBound)
                context.setSource(Self.selectionColor)
                cairo_rectangle(cairo, origin.x + start, origin.y, end - start, lineHeight)
                cairo_fill(cairo)
            }
            let last = min(editing.count, firstShown + Self.drawnCharacterLimit)
            let caret = min(max(editing.head, firstShown), last)
            let before = shownText(firstShown..<caret)
            let after = shownText(caret..<last)
            let beforeWidth = measure(before).width
            let compositionWidth = measure(editing.composition).width
            context.setSource(environment.foregroundColor)
            TextEngine.shared.drawLine(before, font: font, scale: context.scale, at: origin, cairo: cairo)
            if !editing.composition.isEmpty {
                let start = Point(x: origin.x + beforeWidth, y: origin.y)
                TextEngine.shared.drawLine(
                    editing.composition, font: font, scale: context.scale, at: start, cairo: cairo)
                cairo_rectangle(cairo, start.x, origin.y + lineHeight - 1.5, compositionWidth, 1)
                cairo_fill(cairo)
            }
            TextEngine.shared.drawLine(
                after, font: font, scale: context.scale,
                at: Point(x: origin.x + beforeWidth + compositionWidth, y: origin.y), cairo: cairo)
            drawCaret(
                at: origin.x + beforeWidth + compositionWidth, origin: origin, lineHeight: lineHeight,
                context: context)
        }
    }

    private func drawCaret(at x: Double, origin: Point, lineHeight: Double, context: DrawContext) {
        guard isFocused, !isCaretHidden, editing.selection.isEmpty else { return }
        context.setSource(environment.foregroundColor)
        cairo_rectangle(
            context.cairo, min(x, frame.maxX - Self.caretWidth), origin.y, Self.caretWidth, lineHeight)
        cairo_fill(context.cairo)
    }

    // MARK: Focus and keys

    func focusDidChange(_ isFocused: Bool) {
        self.isFocused = isFocused
        if !isFocused { editing.setComposition("") }
        restartBlink()
        invalidatePaint()
    }

    // MARK: Caret blink

    /// Half a blink: how long the caret shows, then hides.
    static let blinkInterval = 0.5
    /// Seconds without input after which the caret stops blinking and stays shown, as GTK's does.
    static let blinkTimeout = 10.0

    /// Shows the caret and starts it blinking again on the context's clock: on focus, and after
    /// every key, edit or click.
    private func restartBlink() {
        blinkTimer?.cancel()
        blinkTimer = nil
        if isCaretHidden {
            isCaretHidden = false
            invalidatePaint()
        }
        guard isFocused, let clock = tree?.clock else { return }
        scheduleBlink(on: clock, since: clock.now)
    }

    private func scheduleBlink(on clock: any TimerClock, since start: Double) {
        blinkTimer = clock.schedule(after: Self.blinkInterval) { [weak self] in
            guard let self, self.isFocused else { return }
            let settles = clock.now - start >= Self.blinkTimeout
            guard !settles || self.isCaretHidden else {
                self.blinkTimer = nil
                return
            }
            self.isCaretHidden.toggle()
            self.invalidatePaint()
            self.scheduleBlink(on: clock, since: start)
        }
    }

    override func unmount() {
        blinkTimer?.cancel()
        blinkTimer = nil
        super.unmount()
    }

    var wantsTextInput: Bool { true }
    var takesFocusOnClick: Bool { true }

    /// Where the input method's candidate window should go: the caret's line.
    var caretRect: Rect {
        Rect(
            x: frame.minX + x(of: max(editing.head, firstShown)), y: frame.minY, width: Self.caretWidth,
            height: frame.height)
    }

    func insertText(_ text: String) {
        edit { $0.insert(text, typing: true) }
    }

    func setComposition(_ text: String) {
        editing.setComposition(text)
        scrollToCaret()
        restartBlink()
        invalidatePaint()
    }

    func handleFocusedKey(_ press: KeyPress) -> Bool {
        let control = press.modifiers.contains(.control) || press.modifiers.contains(.command)
        let shift = press.modifiers.contains(.shift)
        switch press.key.rawValue {
        case "Tab", "Escape": return false
        case "Left": move { $0.move(.left, byWord: control, extending: shift) }
        case "Right": move { $0.move(.right, byWord: control, extending: shift) }
        case "Home", "Up": move { $0.move(.start, extending: shift) }
        case "End", "Down": move { $0.move(.end, extending: shift) }
        case "Backspace": edit { $0.deleteBackward(word: control) }
        case "Delete": edit { $0.deleteForward(word: control) }
        case "Return", "Keypad Enter": field?.onSubmit?()
        case "A" where control: move { $0.selectAll() }
        case "C" where control: copySelection()
        case "X" where control:
            copySelection()
            if field?.isSecure != true { edit { $0.deleteBackward() } }
        case "V" where control:
            if let pasted = clipboard.read() { edit { $0.insert(pasted) } }
        case "Z" where control && shift, "Y" where control: edit { $0.redo() }
        case "Z" where control: edit { $0.undo() }
        default: break
        }
        return true
    }

    private var clipboard: Clipboard {
        environment.context?.dependency(\.clipboard) ?? .inMemory()
    }

    private func copySelection() {
        guard field?.isSecure != true, !editing.selection.isEmpty else { return }
        clipboard.write(editing.selectedText)
    }

    /// Applies an edit and writes the text through the binding.
    private func edit(_ change: (inout TextEditing) -> Void) {
        let before = editing.text
        change(&editing)
        scrollToCaret()
        restartBlink()
        invalidatePaint()
        guard editing.text != before else { return }
        invalidateLayout()
        field?.text.wrappedValue = editing.text
    }

    /// Moves the caret or the selection.
    private func move(_ change: (inout TextEditing) -> Void) {
        change(&editing)
        scrollToCaret()
        restartBlink()
        invalidatePaint()
    }

    // MARK: Pointer

    /// A press at `point` (host coordinates): the caret goes there; a second press soon after at the
    /// same place selects the word.
    func pointerDown(at point: Point, time: Double, doubleClickInterval: Double) {
        let offset = offset(at: point.x - frame.minX)
        if let lastClick, time - lastClick.time <= doubleClickInterval, lastClick.offset == offset {
            self.lastClick = nil
            move { $0.selectWord(at: offset) }
            return
        }
        lastClick = (time, offset)
        move { $0.setCaret(offset) }
    }

    /// The pointer moved with the button held: the selection runs to it.
    func pointerDragged(to point: Point) {
        let offset = offset(at: point.x - frame.minX)
        move { $0.setCaret(offset, extending: true) }
    }
}
