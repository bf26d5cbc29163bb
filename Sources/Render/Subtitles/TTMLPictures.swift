import Foundation

/// The pictures of a TTML document's subtitles as images (IMSC's image profiles): a `div` (or
/// `p`) whose `smpte:backgroundImage` names a PNG, or an IMSC 1.1 `image` element. A picture is
/// embedded in the document, in base64, as an `smpte:image` or a TTML2 `data` element that the
/// reference names by `xml:id` ("#i1", an `image`'s `data` child), or as a `data:` URL; it is a
/// subsample of the MP4 sample that carries the document ("urn:mpeg:14496-30:subs:1", the first
/// after the document); or it is a file beside a document read from disk ("1.png"), or a resource
/// at an HTTP or HTTPS URL, relative to a document fetched from a server, which is fetched when
/// the reader is given ``ServerPictures``. Decoded pictures are kept by where they are, so a
/// picture shown by many cues, or named in two ways, is read and decoded once (one on a server
/// once for all the documents that share the ``ServerPictures``).
struct TTMLPictures {
    /// How a reader of TTML treats the pictures of subtitles as images.
    enum Reading: Sendable {
        /// They are not drawn: a document of pictures and no text is refused.
        case textOnly
        /// Those in the document, its MP4 sample and files are drawn; those on a server are not.
        case local
        /// As ``local``, and those on a server are read from `server`.
        case fetching(ServerPictures)

        /// Whether pictures are drawn.
        var draws: Bool {
            if case .textOnly = self { return false }
            return true
        }

        var server: ServerPictures? {
            if case .fetching(let server) = self { return server }
            return nil
        }
    }

    /// Where a picture comes from.
    enum Source {
        /// A reference: "#id", a `data:` URL, a file's path.
        case reference(String)
        /// An element that holds the picture's bytes.
        case embedded(XMLTree)
    }

    /// Where a reference leads.
    private enum Place: Hashable {
        /// An element, a `data:` URL or a subsample: the reference itself.
        case document(String)
        /// A file, by its standardized path.
        case file(String)
        /// A server's resource, by its absolute URL.
        case server(String)
    }

    private let location: String
    /// The elements that hold pictures' bytes (`smpte:image`, `data`), by `xml:id`.
    private let elements: [String: XMLTree]
    /// The subsamples after the document in its MP4 sample.
    private let subsamples: [[UInt8]]
    private let server: ServerPictures?
    private var decoded: [Place: SubtitleImage] = [:]

    /// The subsample references' prefix, before the subsample's number.
    private static let subsamplePrefix = "urn:mpeg:14496-30:subs:"

    /// The pictures of the document whose root is `root`, at `location` (a file's path, or a
    /// URL), carried in an MP4 sample with `subsamples` after it; those on a server read from
    /// `server`, when given.
    init(root: XMLTree, location: String, subsamples: [[UInt8]] = [], server: ServerPictures? = nil) {
        self.location = location
        self.subsamples = subsamples
        self.server = server
        var elements: [String: XMLTree] = [:]
        func collect(_ element: XMLTree) {
            if element.name == "image" || element.name == "data", let id = element.attribute("id") {
                elements[id] = elements[id] ?? element
            }
            for child in element.children where child.name != "body" { collect(child) }
        }
        collect(root)
        self.elements = elements
    }

    /// The pictures `element` shows itself: its `smpte:backgroundImage`, and its `image`
    /// children (each with its own times, which count from the element's begin).
    static func sources(of element: XMLTree) -> [(source: Source, timing: XMLTree?)] {
        var sources: [(Source, XMLTree?)] = []
        if let reference = element.attribute("backgroundImage") {
            sources.append((.reference(reference), nil))
        }
        for image in element.children where image.name == "image" {
            if let reference = image.attribute("src") {
                sources.append((.reference(reference), image))
            } else if let data = image.children.first(where: { $0.name == "data" }) {
                sources.append((.embedded(data), image))
            }
        }
        return sources
    }

    /// The picture `source` names, decoded.
    ///
    /// - Throws: `.unsupportedFormat` for a reference to no element, an encoding other than
    ///   base64, a subsample the MP4 sample does not have, a picture at a URL that is neither a
    ///   file's nor a server's, one on a server when there are no ``ServerPictures`` or a file
    ///   named by a document from a server, a file that cannot be read, what the
    ///   ``ServerPictures`` throw, and what ``SubtitleImage/init(png:location:)`` throws.
    mutating func picture(_ source: Source) throws(PlayerError) -> SubtitleImage {
        let reference: String
        switch source {
        case .embedded(let element): return try SubtitleImage(png: try bytes(of: element), location: location)
        case .reference(let named): reference = named
        }
        let place = try self.place(of: reference)
        if let known = decoded[place] { return known }
        let named = "\(location): \(reference)"
        let picture: SubtitleImage
        switch place {
        case .document: picture = try SubtitleImage(png: try bytes(at: reference), location: named)
        case .file(let path): picture = try SubtitleImage(png: try file(at: path), location: named)
        case .server(let url):
            guard let server else {
                throw .unsupportedFormat(
                    "\(location): the picture \(reference) is not fetched (only files are read)")
            }
            picture = try server.picture(at: url, location: named)
        }
        decoded[place] = picture
        return picture
    }

    /// The largest base64 text read: that of a picture of ``SubtitleImage/byteLimit`` bytes.
    private static let textLimit = SubtitleImage.byteLimit / 3 * 4 + 4096

    /// Where `reference` leads.
    ///
    /// - Throws: `.unsupportedFormat` for a URN other than a subsample's, a URL that is neither a
    ///   file's nor a server's, and a file named by a document from a server.
    private func place(of reference: String) throws(PlayerError) -> Place {
        if reference.hasPrefix("#") || reference.hasPrefix("data:")
            || reference.hasPrefix(Self.subsamplePrefix)
        {
            return .document(reference)
        }
        if reference.hasPrefix("urn:") {
            throw .unsupportedFormat("\(location): the picture \(reference) is not a resource read here")
        }
        return try resource(at: reference)
    }

    /// The bytes of the picture `reference` names in the document: an element by its `xml:id`, a
    /// `data:` URL, or a subsample.
    private func bytes(at reference: String) throws(PlayerError) -> [UInt8] {
        if reference.hasPrefix("#") {
            guard let element = elements[String(reference.dropFirst())] else {
                throw .unsupportedFormat("\(location): no picture \(reference) in the document")
            }
            return try bytes(of: element)
        }
        if reference.hasPrefix("data:") {
            guard let comma = reference.firstIndex(of: ","), reference[..<comma].hasSuffix(";base64") else {
                throw .unsupportedFormat("\(location): a picture's data URL that is not base64")
            }
            return try decoded(base64: reference[reference.index(after: comma)...])
        }
        guard let number = Int(reference.dropFirst(Self.subsamplePrefix.count)),
            number >= 1, number <= subsamples.count
        else {
            throw .unsupportedFormat(
                "\(location): the picture \(reference) names no subsample of the document's MP4 sample")
        }
        return subsamples[number - 1]
    }

    /// The bytes an `smpte:image` or `data` element holds (as text, or in `chunk` children).
    private func bytes(of element: XMLTree) throws(PlayerError) -> [UInt8] {
        let encoding = element.attribute("encoding")?.lowercased() ?? "base64"
        guard encoding == "base64" else {
            throw .unsupportedFormat("\(location): a picture in the \(encoding) encoding (not base64)")
        }
        let chunks = element.children.filter { $0.name == "chunk" }.map(\.text)
        return try decoded(base64: (element.text + chunks.joined())[...])
    }

    private func decoded(base64 text: Substring) throws(PlayerError) -> [UInt8] {
        guard text.utf8.count <= Self.textLimit,
            let data = Data(base64Encoded: String(text), options: .ignoreUnknownCharacters), !data.isEmpty
        else {
            throw .unsupportedFormat("\(location): a picture that is not base64 of at most 8 MiB")
        }
        return Array(data)
    }

    /// The resource `reference` names: a URL relative to the document's when the document was
    /// fetched from a server, which must be a server's too; else a path relative to the
    /// document's folder, a `file:` URL, or a server's URL.
    private func resource(at reference: String) throws(PlayerError) -> Place {
        let base = URL(string: location).flatMap { $0.scheme != nil && !$0.isFileURL ? $0 : nil }
        let url: URL
        if let base {
            guard let resolved = URL(string: reference, relativeTo: base)?.absoluteURL,
                Self.isServers(resolved)
            else {
                throw .unsupportedFormat(
                    "\(location): the picture \(reference) is not fetched (only HTTP and HTTPS are read)")
            }
            url = resolved
        } else if let given = URL(string: reference), given.scheme != nil {
            url = given
        } else {
            url = URL(
                fileURLWithPath: reference,
                relativeTo: URL(fileURLWithPath: location).deletingLastPathComponent())
        }
        if url.isFileURL { return .file(url.standardizedFileURL.path) }
        guard Self.isServers(url) else {
            throw .unsupportedFormat(
                "\(location): the picture \(reference) is not fetched (only files, HTTP and HTTPS are read)")
        }
        return .server(url.standardized.absoluteString)
    }

    private static func isServers(_ url: URL) -> Bool {
        ["http", "https"].contains(url.scheme?.lowercased())
    }

    /// The bytes of the file at `path`.
    private func file(at path: String) throws(PlayerError) -> [UInt8] {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        guard let size else { throw .fileNotFound(path: path) }
        guard size <= SubtitleImage.byteLimit else {
            throw .unsupportedFormat("\(path) is a picture larger than \(SubtitleImage.byteLimit >> 20) MiB")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .io("cannot read \(path)")
        }
        return Array(data)
    }

    /// `picture` placed in a region at `origin`, `extent` in percentages of the video, on the
    /// root's canvas of `root` pixels when known, else on a canvas in which the picture fills the
    /// region. `nil` for a region of no size.
    static func bitmap(
        _ picture: SubtitleImage, origin: (Double, Double), extent: (Double, Double),
        root: (width: Double, height: Double)?
    ) -> SubtitleBitmap? {
        guard extent.0 > 0, extent.1 > 0 else { return nil }
        let canvas =
            root ?? (Double(picture.width) * 100 / extent.0, Double(picture.height) * 100 / extent.1)
        let width = Int(canvas.width.rounded())
        let height = Int(canvas.height.rounded())
        guard width > 0, height > 0, max(width, height) <= SubtitleBitmap.sideLimit * 100 else { return nil }
        return SubtitleBitmap(
            x: Int((origin.0 * canvas.width / 100).rounded()),
            y: Int((origin.1 * canvas.height / 100).rounded()),
            width: picture.width, height: picture.height, canvasWidth: width, canvasHeight: height,
            pixels: picture.pixels)
    }
}
