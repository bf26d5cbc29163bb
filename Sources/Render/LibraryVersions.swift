import CFFmpeg
import CSDL2

/// Versions of the C libraries the render engine was linked against at run time.
public enum LibraryVersions {
    /// libavformat's version as "major.minor.micro".
    public static var avformat: String { dotted(avformat_version()) }
    /// libavcodec's version as "major.minor.micro".
    public static var avcodec: String { dotted(avcodec_version()) }
    /// SDL's version as "major.minor.patch".
    public static var sdl: String {
        var version = SDL_version()
        SDL_GetVersion(&version)
        return "\(version.major).\(version.minor).\(version.patch)"
    }

    private static func dotted(_ packed: UInt32) -> String {
        "\(packed >> 16).\((packed >> 8) & 0xFF).\(packed & 0xFF)"
    }
}
