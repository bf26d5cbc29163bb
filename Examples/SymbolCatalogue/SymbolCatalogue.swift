import Foundation
import VideoPlayerContainer

/// The catalogue of the built-in symbols in `Docs/`: a picture of every symbol with its name
/// (`symbols.png`) and a page listing them (`Symbols.md`).
///
/// ```
/// swift run symbol-catalogue Docs
/// ```
@main
@MainActor
struct SymbolCatalogue {
    /// Symbols per row of the picture.
    static let columns = 6
    static let cellSize = Size(width: 150, height: 76)
    static let iconSide = 32.0

    static var pictureSize: Size {
        let rows = (SymbolName.allCases.count + columns - 1) / columns
        return Size(width: cellSize.width * Double(columns), height: cellSize.height * Double(rows))
    }

    static func main() throws {
        let directory = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "Docs")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try picture().writePNG(to: directory.appendingPathComponent("symbols.png"))
        try page().write(
            to: directory.appendingPathComponent("Symbols.md"), atomically: true, encoding: .utf8)
        print("wrote \(SymbolName.allCases.count) symbols to \(directory.path)")
    }

    /// Every symbol, white on a dark grey, its name under it, row by row in declaration order.
    static func picture() -> RasterImage {
        let names = SymbolName.allCases
        let rows = stride(from: 0, to: names.count, by: columns).map { start in
            Array(names[start..<min(start + columns, names.count)])
        }
        let grid = VStack(spacing: 0) {
            ForEach(rows, id: \.first) { row in
                HStack(spacing: 0) {
                    ForEach(row, id: \.self) { name in
                        VStack(spacing: 8) {
                            Symbol(name).resizable().frame(width: iconSide, height: iconSide)
                            Text(".\(name.rawValue)").font(.caption)
                        }
                        .frame(width: cellSize.width, height: cellSize.height)
                    }
                    Spacer(minLength: 0)
                }
            }
            Spacer(minLength: 0)
        }
        return SnapshotRenderer(size: pictureSize, context: Context(mode: .test))
            .render(grid, background: Color(white: 0.13))
    }

    /// The Markdown page: the picture, then the names as `Symbol(...)` takes them.
    static func page() -> String {
        var text = """
            # Symbols

            The vector icons `Symbol(_:)` draws, in the foreground colour, sharp at any size. Made by
            `swift run symbol-catalogue Docs`; do not edit by hand.

            ![Every symbol with its name](symbols.png)

            | Symbol | Symbol | Symbol |
            | --- | --- | --- |

            """
        let names = SymbolName.allCases.map { "`.\($0.rawValue)`" }
        for start in stride(from: 0, to: names.count, by: 3) {
            let row = names[start..<min(start + 3, names.count)]
            let cells = row + Array(repeating: "", count: 3 - row.count)
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }
}
