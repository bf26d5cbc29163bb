/// The text of a field being edited: its characters, the selection, the input method's
/// composition and the edits undo takes back.
///
/// Offsets count `Character`s (grapheme clusters), so an emoji, a flag or a letter with its accents
/// moves, selects and deletes as one. The field is one line: line breaks typed or pasted become
/// spaces, and other control characters are dropped.
struct TextEditing: Equatable {
    /// The most edits undo remembers.
    static let undoLimit = 100

    private(set) var characters: [Character]
    /// Where the selection started; the caret is at `head`. Equal when nothing is selected.
    private(set) var anchor: Int
    private(set) var head: Int
    /// Text the input method is composing at the caret, not yet part of the text.
    private(set) var composition = ""
    private var undoStack: [Snapshot] = []
    /// The edits undo took back, for redo; a new edit forgets them.
    private var redoStack: [Snapshot] = []
    /// Whether the last edit was typing, which further typing joins into one undo step.
    private var isTyping = false

    private struct Snapshot: Equatable {
        let characters: [Character]
        let anchor: Int
        let head: Int
    }

    init(_ text: String = "") {
        characters = Self.singleLine(text)
        anchor = characters.count
        head = characters.count
    }

    var text: String { String(characters) }
    var count: Int { characters.count }
    /// The selected characters' offsets; empty at the caret when nothing is selected.
    var selection: Range<Int> { min(anchor, head)..<max(anchor, head) }
    var selectedText: String { String(characters[selection]) }
    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    // MARK: Editing

    /// Types or pastes `string` over the selection; `typing` joins it to the typing just before
    /// for undo.
    mutating func insert(_ string: String, typing: Bool = false) {
        let inserted = Self.singleLine(string)
        guard !inserted.isEmpty || !selection.isEmpty else { return }
        remember(typing: typing)
        let range = selection
        characters.replaceSubrange(range, with: inserted)
        head = range.lowerBound + inserted.count
        anchor = head
        composition = ""
    }

    /// Backspace: deletes the selection, or the character (or, with `word`, the word) before the caret.
    mutating func deleteBackward(word: Bool = false) {
        delete(towards: word ? previousWordStart(from: head) : head - 1)
    }

    /// Delete: deletes the selection, or the character (or word) after the caret.
    mutating func deleteForward(word: Bool = false) {
        delete(towards: word ? nextWordEnd(from: head) : head + 1)
    }

    private mutating func delete(towards offset: Int) {
        let range = selection.isEmpty ? min(head, offset)..<max(head, offset) : selection
        let clamped = range.clamped(to: 0..<characters.count)
        guard !clamped.isEmpty else { return }
        remember(typing: false)
        characters.removeSubrange(clamped)
        head = clamped.lowerBound
        anchor = head
    }

    /// Takes the text, selection and caret back to before the last edit (a run of typing is one edit).
    mutating func undo() {
        guard let last = undoStack.popLast() else { return }
        redoStack.append(snapshot)
        restore(last)
    }

    /// Puts back the edit undo last took back.
    mutating func redo() {
        guard let next = redoStack.popLast() else { return }
        undoStack.append(snapshot)
        restore(next)
    }

    private var snapshot: Snapshot { Snapshot(characters: characters, anchor: anchor, head: head) }

    private mutating func restore(_ snapshot: Snapshot) {
        characters = snapshot.characters
        anchor = snapshot.anchor
        head = snapshot.head
        composition = ""
        isTyping = false
    }

    /// Takes text set from outside (the binding changed); the caret goes to the end.
    mutating func replaceAll(with text: String) {
        let replacement = Self.singleLine(text)
        guard replacement != characters else { return }
        characters = replacement
        anchor = characters.count
        head = characters.count
        composition = ""
        isTyping = false
        redoStack.removeAll()
    }

    /// Shows `text` as the input method's composition at the caret (empty ends it).
    mutating func setComposition(_ text: String) {
        composition = String(Self.singleLine(text))
    }

    private mutating func remember(typing: Bool) {
        defer { isTyping = typing }
        redoStack.removeAll()
        if typing && isTyping && selection.isEmpty { return }
        undoStack.append(snapshot)
        if undoStack.count > Self.undoLimit { undoStack.removeFirst() }
    }

    // MARK: Caret and selection

    /// Where an arrow or Home/End key moves the caret.
    enum Motion {
        case left, right, start, end
    }

    /// Moves the caret one character (or, with `byWord`, one word) or to an end; with `extending`
    /// the selection follows, else a selection collapses to its side.
    mutating func move(_ motion: Motion, byWord: Bool = false, extending: Bool = false) {
        isTyping = false
        let target: Int
        switch motion {
        case .left where !extending && !selection.isEmpty && !byWord: target = selection.lowerBound
        case .right where !extending && !selection.isEmpty && !byWord: target = selection.upperBound
        case .left: target = byWord ? previousWordStart(from: head) : head - 1
        case .right: target = byWord ? nextWordEnd(from: head) : head + 1
        case .start: target = 0
        case .end: target = characters.count
        }
        setCaret(target, extending: extending)
    }

    /// Puts the caret at `offset` (clamped); with `extending` the selection runs from its anchor to it.
    mutating func setCaret(_ offset: Int, extending: Bool = false) {
        isTyping = false
        head = min(max(0, offset), characters.count)
        if !extending { anchor = head }
    }

    mutating func selectAll() {
        isTyping = false
        anchor = 0
        head = characters.count
    }

    /// Selects the word (or the run of spaces or punctuation) around `offset`.
    mutating func selectWord(at offset: Int) {
        isTyping = false
        let offset = min(max(0, offset), characters.count)
        guard !characters.isEmpty else { return }
        let probe = min(offset, characters.count - 1)
        let kind = Self.isWordCharacter(characters[probe])
        var start = probe
        while start > 0, Self.isWordCharacter(characters[start - 1]) == kind { start -= 1 }
        var end = probe + 1
        while end < characters.count, Self.isWordCharacter(characters[end]) == kind { end += 1 }
        anchor = start
        head = end
    }

    // MARK: Words

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// The start of the word before `offset`, skipping the spaces and punctuation in between.
    private func previousWordStart(from offset: Int) -> Int {
        var index = offset
        while index > 0, !Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0, Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    /// The end of the word after `offset`, skipping the spaces and punctuation in between.
    private func nextWordEnd(from offset: Int) -> Int {
        var index = offset
        while index < characters.count, !Self.isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count, Self.isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    /// The characters of `text` as one line: breaks become spaces, other control characters go.
    private static func singleLine(_ text: String) -> [Character] {
        var line: [Character] = []
        line.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isNewline {
                line.append(" ")
            } else if character == "\t" {
                line.append(" ")
            } else if character.unicodeScalars.allSatisfy({ !$0.properties.generalCategory.isControl }) {
                line.append(character)
            }
        }
        return line
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool { self == .control }
}
