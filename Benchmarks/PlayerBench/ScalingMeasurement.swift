import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

/// What each swscale filter costs, and how clean it keeps a detailed picture, resizing a 1080p
/// zone plate (``TestMedia/zonePlate(width:height:)``) to the sizes a window shows 1080p at: the
/// choice ``VideoScaler/choice(forRatio:)`` makes per ratio rests on this table.
///
/// Cost is the CPU time of the calling thread per picture (median); quality is the PSNR of the
/// RGB pixels against Lanczos at the same size, the sharpest and dearest filter, which leaves the
/// rings too fine for the smaller size grey rather than folding them into false ones.
struct ScalingMeasurement {
    static let source = (width: 1920, height: 1080)
    /// The sizes shown: a 1440p window, the picture's own size, and down to a thumbnail.
    static let sizes = [
        (2560, 1440), (1920, 1080), (1600, 900), (1280, 720), (960, 540), (768, 432), (720, 405), (640, 360),
        (320, 180),
    ]
    /// The filters compared; Lanczos is the reference.
    static let filters: [VideoScaler.Filter] = [.fastBilinear, .bilinear, .bicubic, .area, .lanczos]
    /// PSNR reported for pictures that are the same (the reference against itself): JSON has no
    /// infinity.
    static let identicalPSNR = 99.0

    /// Pictures scaled per filter and size (after one that sets the scaler up).
    var repetitions: Int

    /// Pictures timed per filter and size: a few in a smoke run.
    static func repetitions(smoke: Bool) -> Int { smoke ? 3 : 30 }

    func run() throws(BenchError) -> BenchReport.ScalingReport {
        guard let picture = TestMedia.zonePlate(width: Self.source.width, height: Self.source.height) else {
            throw .clipUnavailable("cannot make the \(Self.source.width)x\(Self.source.height) zone plate")
        }
        var rows: [BenchReport.ScalingReport.Row] = []
        for (width, height) in Self.sizes {
            let stride = VideoScaler.paddedStride(width: width)
            var outputs: [VideoScaler.Filter: [UInt8]] = [:]
            var milliseconds: [String: Double] = [:]
            for filter in Self.filters {
                let scaler = VideoScaler(order: .bgra, filter: filter)
                // The same rows every time, so that only the scaling is timed.
                let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 64)
                defer { pixels.deallocate() }
                var samples: [Double] = []
                for _ in 0...repetitions {
                    let started = ProcessUsage.threadCPUSeconds
                    do throws(PlayerError) {
                        try scaler.scale(
                            picture, width: width, height: height, into: pixels, stride: stride)
                    } catch {
                        throw .playbackFailed(
                            "scaling to \(width)x\(height) with \(filter.rawValue): \(error)")
                    }
                    samples.append((ProcessUsage.threadCPUSeconds - started) * 1000)
                }
                // The first picture also set the scaler up.
                milliseconds[filter.rawValue] = Statistics.median(Array(samples.dropFirst()))
                outputs[filter] = Array(UnsafeRawBufferPointer(start: pixels, count: stride * height))
            }
            let reference = outputs[.lanczos] ?? []
            let psnr = Dictionary(
                uniqueKeysWithValues: outputs.map { filter, pixels in
                    (
                        filter.rawValue,
                        min(
                            Self.identicalPSNR,
                            TestMedia.psnr(
                                of: pixels, against: reference, width: width, height: height, stride: stride)
                        )
                    )
                })
            let ratio = VideoScaler.ratio(from: Self.source, to: (width, height))
            rows.append(
                BenchReport.ScalingReport.Row(
                    width: width, height: height, ratio: ratio,
                    chosen: VideoScaler.choice(forRatio: ratio).rawValue,
                    milliseconds: milliseconds, psnr: psnr))
        }
        return BenchReport.ScalingReport(
            source: "\(Self.source.width)x\(Self.source.height) zone plate", repetitions: repetitions,
            rows: rows)
    }
}
