import Foundation

extension URL {
    /// The URL of a file path or of a URL as a user gives it on a command line or in a field: a URL
    /// when it has a scheme (`https://host/a.m3u8`, `file:///a.mp4`), else a file path, relative
    /// ones to the working directory.
    ///
    /// ```swift
    /// let items = CommandLine.arguments.dropFirst().map { MediaItem(url: URL(mediaLocation: $0)) }
    /// ```
    public init(mediaLocation: String) {
        if mediaLocation.contains("://"), let url = URL(string: mediaLocation) {
            self = url
        } else {
            self.init(fileURLWithPath: mediaLocation)
        }
    }
}
