import Foundation

/// What the services that keep files for the viewer share: their home folder and the words for a
/// file error.
enum UserFiles {
    /// The home folder: `HOME` when it is an absolute path, else the account's.
    static func home(in environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    }

    /// An XDG base folder: `variable` (`XDG_STATE_HOME`) when it is an absolute path, as the base
    /// directory specification asks, else `fallback` (`.local/state`) in the home folder.
    static func baseFolder(_ variable: String, else fallback: String, in environment: [String: String])
        -> String
    {
        environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home(in: environment) + "/"
            + fallback
    }

    /// Why a file operation failed, in the system's words ("permission denied", "is not a directory").
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        return error.localizedFailureReason ?? error.localizedDescription
    }
}
