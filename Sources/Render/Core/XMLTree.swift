import Foundation
import FoundationXML

/// An XML element with its attributes, children and text, as `XMLParser` reads it (with
/// namespaces processed: element names are local names, attribute names keep their prefixes).
final class XMLTree {
    let name: String
    let attributes: [String: String]
    var children: [XMLTree] = []
    /// All the text directly inside the element, joined.
    var text = ""
    /// The element's content in document order: runs of text and child elements, for markup in
    /// which text and elements interleave (`Hello<br/>world`).
    var content: [Content] = []

    enum Content {
        case text(String)
        case element(XMLTree)
    }

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// The value of the attribute whose local name (the part after any namespace prefix, so
    /// `tts:color` for "color") is `localName`.
    func attribute(_ localName: String) -> String? {
        if let value = attributes[localName] { return value }
        return attributes.first { key, _ in
            key.split(separator: ":").last.map(String.init) == localName
        }?.value
    }

    /// The root element of the XML document `data`, a `document` (as "a DASH manifest") at
    /// `location`.
    ///
    /// - Throws: `.unsupportedFormat` with the parser's complaint when `data` is not well-formed,
    ///   and for bytes that are not UTF-8.
    static func parse(_ data: Data, document: String, location: String) throws(PlayerError) -> XMLTree {
        // NB: libxml2 passes names with bytes that are not UTF-8 on to XMLParser, which traps on
        // them (seen with a 0xFF in an attribute's name), so such bytes never reach it.
        guard String(validating: data, as: UTF8.self) != nil else {
            throw .unsupportedFormat("\(location) is not \(document) (its bytes are not UTF-8 text)")
        }
        let builder = Builder()
        let parser = XMLParser(data: withoutDeclaration(data))
        parser.delegate = builder
        parser.shouldProcessNamespaces = true
        // NB: XMLParser on Linux reports a document cut short (an element left open) as parsed.
        guard parser.parse(), builder.isComplete, let root = builder.root else {
            let line = parser.lineNumber
            let reason =
                parser.parserError.map { "\($0.localizedDescription)" }
                ?? (builder.root == nil ? "no element" : "an element left open")
            throw .unsupportedFormat("\(location) is not \(document) (XML line \(line): \(reason))")
        }
        return root
    }

    /// `data` with the XML declaration it starts with, if any, blanked out (its line breaks kept,
    /// so the parser's line numbers still count the file's lines). The bytes are UTF-8 by now,
    /// even when the declaration names the encoding of the file they were decoded from, as a
    /// UTF-16 subtitle file's does, which would make the parser read them wrongly.
    private static func withoutDeclaration(_ data: Data) -> Data {
        guard data.starts(with: "<?xml".utf8), data.count > 5, data[data.startIndex + 5] <= 0x20,
            let end = data.firstRange(of: Data("?>".utf8))?.upperBound
        else { return data }
        var blanked = data
        for index in data.startIndex..<end where data[index] != 0x0A && data[index] != 0x0D {
            blanked[index] = 0x20
        }
        return blanked
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLTree?
        private var open: [XMLTree] = []
        /// Whether the root element was closed.
        var isComplete: Bool { root != nil && open.isEmpty }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            let element = XMLTree(name: elementName, attributes: attributeDict)
            if let parent = open.last {
                parent.children.append(element)
                parent.content.append(.element(element))
            } else if root == nil {
                root = element
            }
            open.append(element)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?
        ) {
            _ = open.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let element = open.last else { return }
            element.text += string
            if case .text(let earlier) = element.content.last {
                element.content[element.content.count - 1] = .text(earlier + string)
            } else {
                element.content.append(.text(string))
            }
        }
    }
}
