import Testing

@testable import VideoPlayerContainer

@Suite struct TextEditingTests {
    @Test func typingGoesInAtTheCaretAndBackspaceTakesOut() {
        var editing = TextEditing("helo")
        editing.setCaret(3)
        editing.insert("l", typing: true)
        #expect(editing.text == "hello")
        #expect(editing.head == 4)
        editing.move(.end)
        editing.deleteBackward()
        #expect(editing.text == "hell")
        editing.move(.start)
        editing.deleteForward()
        #expect(editing.text == "ell")
    }

    @Test func aSelectionIsReplacedByWhatIsTypedAndCollapsesWithAnArrow() {
        var editing = TextEditing("hello world")
        editing.move(.left, byWord: true, extending: true)
        #expect(editing.selectedText == "world")
        editing.move(.left)
        #expect(editing.head == 6 && editing.selection.isEmpty)
        editing.move(.right, byWord: true, extending: true)
        editing.insert("there")
        #expect(editing.text == "hello there")
    }

    @Test func wordJumpsSkipSpacesAndPunctuation() {
        var editing = TextEditing("one, two  three")
        editing.move(.left, byWord: true)
        #expect(editing.head == 10)
        editing.move(.left, byWord: true)
        #expect(editing.head == 5)
        editing.move(.right, byWord: true)
        #expect(editing.head == 8)
        editing.deleteBackward(word: true)
        #expect(editing.text == "one,   three")
        editing.selectWord(at: 1)
        #expect(editing.selectedText == "one")
    }

    @Test func graphemeClustersMoveAndDeleteAsOne() {
        // A thumbs up with a skin tone, a flag, and an e followed by a combining acute accent.
        var editing = TextEditing("a👍🏽🇫🇷e\u{301}")
        #expect(editing.count == 4)
        editing.deleteBackward()
        #expect(editing.text == "a👍🏽🇫🇷")
        editing.move(.left)
        editing.deleteBackward()
        #expect(editing.text == "a🇫🇷")
    }

    @Test func typingIsOneUndoStepAndEachOtherEditIsAnother() {
        var editing = TextEditing()
        for letter in ["a", "b", "c"] { editing.insert(letter, typing: true) }
        editing.deleteBackward()
        #expect(editing.text == "ab")
        editing.undo()
        #expect(editing.text == "abc")
        editing.undo()
        #expect(editing.text == "")
        #expect(!editing.canUndo)
    }

    @Test func redoPutsBackWhatUndoTookAndANewEditForgetsIt() {
        var editing = TextEditing()
        for letter in ["a", "b", "c"] { editing.insert(letter, typing: true) }
        editing.deleteBackward()
        editing.undo()
        editing.undo()
        #expect(editing.text == "")
        editing.redo()
        #expect(editing.text == "abc")
        #expect(editing.head == 3)
        editing.redo()
        #expect(editing.text == "ab")
        #expect(!editing.canRedo)
        editing.undo()
        editing.insert("d", typing: true)
        #expect(editing.text == "abcd")
        #expect(!editing.canRedo)
    }

    @Test func lineBreaksBecomeSpacesAndControlCharactersGo() {
        var editing = TextEditing()
        editing.insert("two\nlines\r\nand\ta\u{7}bell")
        #expect(editing.text == "two lines and abell")
    }

    @Test func aMegabytePasteGoesInWhole() {
        var editing = TextEditing("x")
        editing.insert(String(repeating: "paste ", count: 200_000))
        #expect(editing.count == 1_200_001)
        #expect(editing.head == editing.count)
    }
}
