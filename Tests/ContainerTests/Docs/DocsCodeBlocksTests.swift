import Foundation
import Testing

/// Every Swift code block of the README, of Docs/ and of the DocC catalogues' articles must appear, line for
/// line, in a source file under a test target's `Docs` folder, where it is compiled (and mostly run): so no
/// example in the docs can stop compiling, or drift from the code that is checked, unnoticed.
///
/// Lines are compared without their indentation and blank lines are skipped, so a block may sit
/// inside a test function. `import` lines are left out of the comparison: a file holds its imports
/// once, at its top.
@Suite struct DocsCodeBlocksTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A fenced Swift block of a Markdown file.
    struct CodeBlock: CustomStringConvertible {
        let file: String
        let line: Int
        let lines: [String]

        var description: String { "\(file):\(line)" }
    }

    /// The Swift blocks of `markdown`: fences opening with ```swift (indented or not).
    static func swiftBlocks(in markdown: String, file: String) -> [CodeBlock] {
        var blocks: [CodeBlock] = []
        var current: (line: Int, lines: [String])?
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = current {
                if trimmed == "```" {
                    blocks.append(CodeBlock(file: file, line: block.line, lines: block.lines))
                    current = nil
                } else {
                    block.lines.append(line)
                    current = block
                }
            } else if trimmed == "```swift" {
                current = (index + 1, [])
            }
        }
        return blocks
    }

    /// The lines that count: without indentation, blank lines or imports.
    static func significantLines(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    static func contains(_ haystack: [String], run needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    /// The Markdown files of `folder` (relative to the package), as package-relative paths.
    static func markdownFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
    }

    /// The README first, then Docs/, then each library's DocC catalogue.
    static func documentedPages() throws -> [String] {
        let sources = root.appendingPathComponent("Sources")
        let catalogues = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
            .map { "Sources/\($0)/Documentation.docc" }
            .filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
        return try ["README.md"] + markdownFiles(in: "Docs") + catalogues.flatMap(markdownFiles(in:))
    }

    static func documentedBlocks() throws -> [CodeBlock] {
        try documentedPages().flatMap { page in
            swiftBlocks(
                in: try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8), file: page)
        }
    }

    /// The Swift files of every test target's `Docs` folder, as significant lines.
    static func compiledSources() throws -> [String: [String]] {
        let tests = root.appendingPathComponent("Tests")
        var sources: [String: [String]] = [:]
        for target in try FileManager.default.contentsOfDirectory(atPath: tests.path) {
            let folder = tests.appendingPathComponent(target).appendingPathComponent("Docs")
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
                continue
            }
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                sources["Tests/\(target)/Docs/\(file)"] = significantLines(text.components(separatedBy: "\n"))
            }
        }
        return sources
    }

    @Test func theCataloguesOfTheThreeLibrariesAreRead() throws {
        let pages = try Self.documentedPages()
        for library in ["Render", "Container", "Widgets"] {
            #expect(pages.contains { $0.hasPrefix("Sources/\(library)/Documentation.docc/") })
        }
    }

    @Test func everySwiftBlockOfTheDocsIsCompiledInATestTarget() throws {
        let blocks = try Self.documentedBlocks()
        #expect(blocks.count >= 20)
        let sources = try Self.compiledSources()
        for block in blocks {
            let lines = Self.significantLines(block.lines)
            let home = sources.first { Self.contains($0.value, run: lines) }
            #expect(
                home != nil, "\(block) is in no Tests/*/Docs source; its first line: \(lines.first ?? "")")
        }
    }

    /// `make run DEMO=QuickStart` runs the README's first example: the program holds it too.
    @Test func theQuickStartProgramHoldsTheFirstExample() throws {
        let first = try #require(Self.documentedBlocks().first)
        let program = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/QuickStart/QuickStart.swift"),
            encoding: .utf8)
        let lines = Self.significantLines(program.components(separatedBy: "\n"))
        #expect(Self.contains(lines, run: Self.significantLines(first.lines)))
    }

    @Test func theBlockReaderFindsIndentedBlocksAndSkipsOtherLanguages() {
        let markdown = """
            text
            ```sh
            make run
            ```
            - item:

              ```swift
              let a = 1

              let b = 2
              ```
            """
        let blocks = Self.swiftBlocks(in: markdown, file: "x.md")
        #expect(blocks.count == 1)
        #expect(blocks.first?.line == 7)
        #expect(Self.significantLines(blocks.first?.lines ?? []) == ["let a = 1", "let b = 2"])
        #expect(Self.contains(["x", "let a = 1", "let b = 2", "y"], run: ["let a = 1", "let b = 2"]))
        #expect(!Self.contains(["let a = 1", "x", "let b = 2"], run: ["let a = 1", "let b = 2"]))
    }
}
