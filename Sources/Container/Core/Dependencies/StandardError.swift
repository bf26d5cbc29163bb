import Foundation

/// Unbuffered writes to standard error, for reports that must reach the test log even on a crash.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
