import Foundation

/// Why a virtual X server could not be started.
public enum XvfbError: Error, CustomStringConvertible {
    /// `/usr/bin/Xvfb` is not installed.
    case missing(String)
    /// The server started but never said which display it took.
    case noDisplay(String)

    public var description: String {
        switch self {
        case .missing(let what): "missing \(what)"
        case .noDisplay(let why): "Xvfb gave no display: \(why)"
        }
    }
}

/// An X server of the caller's own: Xvfb on the first free display, gone with the value. The desktop
/// tests open real windows on it, and player-bench measures players in a real X window.
public final class Xvfb {
    public static let path = "/usr/bin/Xvfb"

    /// Whether the server can be started here.
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// The display's name, for `DISPLAY` (":N").
    public let name: String
    private let process: Process

    /// Starts a server with one screen of `width` x `height` at 24 bits.
    public init(width: Int = 640, height: Int = 480) throws {
        guard Self.isInstalled else {
            throw XvfbError.missing("\(Self.path) (Debian package xvfb; make deps)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.path)
        // NB: -displayfd picks a free display and writes its number once the server listens.
        process.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "\(width)x\(height)x24"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw XvfbError.noDisplay("Xvfb said \(text.debugDescription)")
        }
        name = ":\(number)"
    }

    /// The user plus system CPU seconds the server has used so far (it draws what its clients send),
    /// `nil` when /proc cannot tell.
    public var cpuSeconds: Double? {
        guard
            let stat = try? String(
                contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        // NB: after the command's closing parenthesis, utime and stime are the 12th and 13th fields.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            return nil
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    deinit {
        // NB: a test's threads block SIGTERM and what they start inherits that; the server is killed
        // outright and its lock and socket, which it would have removed, go with it.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let number = name.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }
}
