import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

@testable import symbol_catalogue

/// `Docs/Symbols.md` and `Docs/symbols.png` show every symbol: made by `swift run symbol-catalogue
/// Docs`, they must be made again when a symbol is added.
@MainActor
@Suite struct SymbolCatalogueTests {
    static let docs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Docs")

    @Test func thePageListsEverySymbolAsTheCommandWritesIt() throws {
        let page = try String(contentsOf: Self.docs.appendingPathComponent("Symbols.md"), encoding: .utf8)
        #expect(page == SymbolCatalogue.page())
        for name in SymbolName.allCases { #expect(page.contains("`.\(name.rawValue)`")) }
    }

    @Test func thePictureHasACellWithInkForEverySymbolAndNoMore() throws {
        let picture = try RasterImage(contentsOfPNG: Self.docs.appendingPathComponent("symbols.png"))
        let size = SymbolCatalogue.pictureSize
        #expect(picture.width == Int(size.width) && picture.height == Int(size.height))
        let cell = SymbolCatalogue.cellSize
        let rows = Int(size.height / cell.height)
        for index in 0..<(rows * SymbolCatalogue.columns) {
            let column = Double(index % SymbolCatalogue.columns)
            let row = Double(index / SymbolCatalogue.columns)
            let icon = Rect(
                x: column * cell.width + (cell.width - SymbolCatalogue.iconSide) / 2,
                y: row * cell.height + 6,
                width: SymbolCatalogue.iconSide, height: SymbolCatalogue.iconSide)
            let lit = picture.ink(in: icon)
            if index < SymbolName.allCases.count {
                #expect(lit > 20, "no symbol drawn in cell \(index)")
            } else {
                #expect(lit == 0, "a symbol drawn in the empty cell \(index)")
            }
        }
    }
}
