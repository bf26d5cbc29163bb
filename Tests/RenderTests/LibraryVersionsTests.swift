import Testing
import VideoPlayerRender

@Suite struct LibraryVersionsTests {
    @Test func reportsFFmpeg5AndSDL2() {
        #expect(LibraryVersions.avformat.hasPrefix("59."))
        #expect(LibraryVersions.sdl.hasPrefix("2."))
    }
}
