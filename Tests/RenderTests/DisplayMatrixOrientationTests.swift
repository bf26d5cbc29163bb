import CFFmpeg
import Testing

@testable import VideoPlayerRender

/// A stream's display matrix read as a turn and a mirror: the orientation moves every pixel where
/// the matrix does, for each quarter turn, with and without each flip.
@Suite struct DisplayMatrixOrientationTests {
    /// Where `orientation` sends the vector (x, y) in picture coordinates (y down): mirrored left-right
    /// first, then turned clockwise.
    static func apply(_ orientation: VideoOrientation, to vector: (Int, Int)) -> (Int, Int) {
        let x = orientation.mirrored ? -vector.0 : vector.0
        let y = vector.1
        switch orientation.rotationDegrees {
        case 90: return (-y, x)
        case 180: return (-x, -y)
        case 270: return (y, -x)
        default: return (x, y)
        }
    }

    @Test(arguments: [0.0, 90, 180, 270, -90])
    func everyTurnAndFlipMovesThePictureAsTheMatrixDoes(_ counterClockwise: Double) {
        for (hflip, vflip) in [(false, false), (true, false), (false, true), (true, true)] {
            var matrix = [Int32](repeating: 0, count: 9)
            av_display_rotation_set(&matrix, counterClockwise)
            av_display_matrix_flip(&matrix, hflip ? 1 : 0, vflip ? 1 : 0)
            let orientation = VideoOrientation(displayMatrix: matrix)
            // FFmpeg's matrix maps a row vector: x' = x·m0 + y·m3, y' = x·m1 + y·m4 (16.16).
            func mapped(_ vector: (Int, Int)) -> (Int, Int) {
                func unit(_ value: Int32) -> Int { Int((Double(value) / 65536).rounded()) }
                return (
                    vector.0 * unit(matrix[0]) + vector.1 * unit(matrix[3]),
                    vector.0 * unit(matrix[1]) + vector.1 * unit(matrix[4])
                )
            }
            for vector in [(1, 0), (0, 1)] {
                let expected = mapped(vector)
                let shown = Self.apply(orientation, to: vector)
                #expect(
                    shown == expected,
                    "\(counterClockwise)° hflip \(hflip) vflip \(vflip): \(orientation) sends \(vector) to \(shown)"
                )
            }
        }
    }
}
