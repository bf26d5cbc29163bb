import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

/// TTML subtitles as images (IMSC's image profiles): PNG pictures placed in their regions.
@Suite struct TTMLPictureTests {
    static let smpte = #"xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt""#

    /// A 4x2 PNG: half-transparent red on the left half, opaque blue on the right.
    static func picture() throws -> [UInt8] {
        try TestMedia.png(width: 4, height: 2) { x, _ in x < 2 ? 0x80FF_0000 : 0xFF00_00FF }
    }

    static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

    static func cues(_ document: [UInt8], location: String = "i.ttml") throws -> [SubtitleCue] {
        try SubtitleParser.parse(Data(document), format: .ttml, location: location).cues
    }

    @Test func embeddedPicturesShowInTheirRegionsOnTheRootsCanvas() throws {
        let png = try Self.picture()
        // A picture in an `smpte:image`, a TTML2 `data` element, an `image`'s own `data` and a
        // data URL; beside a paragraph of text.
        let head = #"""
            <metadata><smpte:image xml:id="i1" imagetype="PNG" encoding="Base64">
            \#(Self.base64(png).split(by: 16))
            </smpte:image></metadata>
            <resources><data xml:id="d1" encoding="base64" type="image/png">\#(Self.base64(png))</data></resources>
            <layout><region xml:id="low" tts:origin="10% 80%" tts:extent="50% 10%"/>
            <region xml:id="top" tts:origin="320px 0px" tts:extent="4px 2px"/>
            <region xml:id="gone" tts:origin="0% 0%" tts:extent="10% 10%" tts:display="none"/></layout>
            """#
        let body = #"""
            <body><div>
              <div region="low" begin="1s" end="2s" smpte:backgroundImage="#i1"/>
              <div region="top" begin="2s" end="4s"><image src="#d1" begin="1s"/></div>
              <div region="low" begin="5s" end="6s"><image><data encoding="base64">\#(Self.base64(png))</data></image></div>
              <div begin="6s" end="7s" smpte:backgroundImage="data:image/png;base64,\#(Self.base64(png))"/>
              <div region="gone" begin="7s" end="8s" smpte:backgroundImage="#i1"/>
              <p begin="1s" end="2s">words</p>
            </div></body>
            """#
        let document = TimedTextTests.ttml(
            body: body, attributes: #"\#(Self.smpte) tts:extent="640px 360px""#, head: head)
        let cues = try Self.cues(document)
        #expect(cues.filter { !$0.text.isEmpty }.map(\.text) == ["words"])
        let pictures = cues.filter { $0.text.isEmpty }
        #expect(pictures.map(\.start) == [1, 3, 5, 6])
        #expect(pictures.map(\.end) == [2, 4, 6, 7])
        let bitmaps = pictures.compactMap(\.bitmaps.first)
        try #require(bitmaps.count == 4)
        // Premultiplied: half-transparent red is 0x80 of red at 0x80.
        let row = [0x8080_0000, 0x8080_0000, 0xFF00_00FF, 0xFF00_00FF] as [UInt32]
        #expect(bitmaps.allSatisfy { $0.width == 4 && $0.height == 2 && $0.pixels == row + row })
        #expect(bitmaps.allSatisfy { $0.canvasWidth == 640 && $0.canvasHeight == 360 })
        #expect(bitmaps.map(\.x) == [64, 320, 64, 0])
        #expect(bitmaps.map(\.y) == [288, 0, 288, 0])
    }

    @Test func withoutTheRootsSizeAPictureFillsItsRegion() throws {
        let head = #"<layout><region xml:id="r" tts:origin="25% 50%" tts:extent="50% 25%"/></layout>"#
        let body = #"""
            <body><div region="r" begin="1s" end="2s" smpte:backgroundImage="data:image/png;base64,\#(
                Self.base64(try Self.picture()))"/></body>
            """#
        let cues = try Self.cues(TimedTextTests.ttml(body: body, attributes: Self.smpte, head: head))
        let bitmap = try #require(cues.first?.bitmaps.first)
        // 4x2 pixels are half the width and a quarter of the height of an 8x8 canvas.
        #expect((bitmap.canvasWidth, bitmap.canvasHeight, bitmap.x, bitmap.y) == (8, 8, 2, 4))
    }

    @Test func aPictureBesideTheDocumentIsReadFromItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ttml-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(try Self.picture()).write(to: folder.appendingPathComponent("1.png"))
        let body = #"""
            <body><div begin="1s" end="2s" smpte:backgroundImage="1.png"/>\#
            <div begin="2s" end="3s" smpte:backgroundImage="missing.png"/></body>
            """#
        let file = folder.appendingPathComponent("pictures.ttml")
        try Data(TimedTextTests.ttml(body: body, attributes: Self.smpte)).write(to: file)
        let cues = try SubtitleParser.parse(contentsOf: file).cues
        // The picture that is missing is left out; the other shows, filling the video.
        #expect(cues.count == 1 && cues.first?.start == 1)
        let bitmap = try #require(cues.first?.bitmaps.first)
        #expect((bitmap.canvasWidth, bitmap.canvasHeight, bitmap.x, bitmap.y) == (4, 2, 0, 0))
    }

    /// A document from a server fetches the pictures it names there, each once however it is
    /// spelt, and once for every document that shares the ``ServerPictures``.
    @Test func aDocumentFromAServerFetchesItsPicturesBesideItAndReadsNoFileOfThisMachine() throws {
        let png = try Self.picture()
        final class Asked: @unchecked Sendable { var urls: [String] = [] }
        let asked = Asked()
        let fetch: ServerPictures.Fetch = { url throws(PlayerError) in
            asked.urls.append(url)
            return png
        }
        let references = [
            "1.png", "../2.png", "/3.png", "https://cdn.example/4.png", "file:///tmp/5.png",
            "../subs/./1.png",
        ]
        let body = references.enumerated().map { index, reference in
            #"<div begin="\#(index + 1)s" end="\#(index + 2)s" smpte:backgroundImage="\#(reference)"/>"#
        }
        let document = TimedTextTests.ttml(
            body: "<body>\(body.joined())</body>", attributes: Self.smpte)
        let server = ServerPictures(fetch: fetch)
        let cues = try SubtitleParser.parse(
            Data(document), format: .ttml, location: "http://example.com/subs/s.ttml",
            pictures: .fetching(server)
        ).cues
        #expect(cues.map(\.start) == [1, 2, 3, 4, 6])
        #expect(
            asked.urls == [
                "http://example.com/subs/1.png", "http://example.com/2.png", "http://example.com/3.png",
                "https://cdn.example/4.png",
            ])
        // Another document from the server: its pictures were fetched already.
        let again = try SubtitleParser.parse(
            Data(document), format: .ttml, location: "http://example.com/subs/s.ttml",
            pictures: .fetching(server)
        ).cues
        #expect(again.count == cues.count && asked.urls.count == 4)
        // With nothing to fetch them, the pictures on a server are not shown.
        #expect {
            try SubtitleParser.parse(
                Data(document), format: .ttml, location: "http://example.com/subs/s.ttml")
        } throws: { error in
            guard case .unsupportedFormat(let message) = error as? PlayerError else { return false }
            return message.contains("1.png is not fetched")
        }
    }

    @Test(arguments: [
        (##"smpte:backgroundImage="#nowhere""##, "no picture"),
        (##"smpte:backgroundImage="#hex""##, "hex encoding"),
        (##"smpte:backgroundImage="#gif""##, "not a PNG"),
        (##"smpte:backgroundImage="#broken""##, "cannot be decoded"),
        (##"smpte:backgroundImage="#text""##, "not base64"),
        (#"smpte:backgroundImage="urn:mpeg:14496-30:subs:1""#, "names no subsample"),
        (#"smpte:backgroundImage="urn:isbn:0451450523""#, "not a resource read here"),
        (#"smpte:backgroundImage="data:image/png,raw""#, "not base64"),
        (#"smpte:backgroundImage="https://example.com/1.png""#, "not fetched"),
    ])
    func aPictureThatCannotBeReadFailsATypedErrorWhenItIsAllTheDocumentShows(
        attribute: String, reason: String
    ) throws {
        let png = try Self.picture()
        let head = #"""
            <metadata><smpte:image xml:id="hex" encoding="hex">89504e47</smpte:image>
            <smpte:image xml:id="gif">\#(Self.base64(Array("GIF89a......".utf8)))</smpte:image>
            <smpte:image xml:id="broken">\#(Self.base64(Array(png.prefix(40))))</smpte:image>
            <smpte:image xml:id="text">not base64 at all!</smpte:image></metadata>
            """#
        let document = TimedTextTests.ttml(
            body: #"<body><div begin="1s" end="2s" \#(attribute)/></body>"#, attributes: Self.smpte,
            head: head)
        #expect {
            try Self.cues(document)
        } throws: { error in
            guard case .unsupportedFormat(let message) = error as? PlayerError else { return false }
            return message.contains(reason)
        }
        // Beside a picture that can be read, it is left out.
        let both = TimedTextTests.ttml(
            body: #"""
                <body><div begin="1s" end="2s" \#(attribute)/><div begin="2s" end="3s" \#
                smpte:backgroundImage="data:image/png;base64,\#(Self.base64(png))"/></body>
                """#, attributes: Self.smpte, head: head)
        #expect(try Self.cues(both).map(\.start) == [2])
    }
}

extension String {
    /// The string cut into lines of `length` characters.
    fileprivate func split(by length: Int) -> String {
        var lines: [Substring] = []
        var rest = self[...]
        while !rest.isEmpty {
            lines.append(rest.prefix(length))
            rest = rest.dropFirst(length)
        }
        return lines.joined(separator: "\n")
    }
}
