import CFFmpeg
import VideoPlayerRender
import VideoPlayerTestSupport

/// What a decoded test picture shows, read back through `TestMedia`.
struct ProbedPicture {
    var time: Double
    var frameNumber: Int?
    var paletteIndex: Int
    var isFlash: Bool
}

extension ProbeDecoder {
    /// Decodes every picture of a video stream and reads its frame number, colour and flash state.
    func pictures() throws -> [ProbedPicture] {
        let scaler = RGBScaler()
        var pictures: [ProbedPicture] = []
        try decodeAll { frame in
            let width = Int(frame.pointee.width)
            let height = Int(frame.pointee.height)
            let pixels = try scaler.rgb(of: frame)
            let sampler = { (x: Int, y: Int) -> TestMedia.RGB in
                let offset = (y * width + x) * 3
                return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
            }
            let centre = sampler(width / 2, height / 4)
            pictures.append(
                ProbedPicture(
                    time: Double(frame.pointee.best_effort_timestamp) * timeBase,
                    frameNumber: TestMedia.frameNumber(fromRGB: sampler, width: width, height: height),
                    paletteIndex: TestMedia.paletteIndex(fromRGB: sampler, width: width, height: height),
                    isFlash: TestMedia.isFlash(r: centre.r, g: centre.g, b: centre.b)))
        }
        return pictures
    }
}
