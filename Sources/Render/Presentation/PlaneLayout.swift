import CFFmpeg

/// The planes of a picture as SDL's texture updates take them: the lowest row in memory first and a
/// positive pitch, without copying a pixel.
///
/// FFmpeg stores bottom-up pictures with negative linesizes; SDL wants positive pitches, so such a
/// picture is handed over from its last row and the texture holds it upside down (`upsideDown`),
/// which drawing undoes with a vertical flip.
struct PlaneLayout {
    var width: Int32
    var height: Int32
    var planes: [UnsafePointer<UInt8>]
    var pitches: [Int32]
    var upsideDown: Bool

    /// The first `count` planes of a 4:2:0 picture (luma, then chroma of ceil(height/2) rows), or
    /// `nil` when a plane is missing or the planes mix top-down and bottom-up rows.
    init?(of frame: UnsafePointer<AVFrame>, count: Int) {
        let data = frame.pointee.data
        let linesize = frame.pointee.linesize
        let pointers = [data.0, data.1, data.2].prefix(count).compactMap { $0 }
        let strides = [linesize.0, linesize.1, linesize.2].prefix(count)
        guard pointers.count == count else { return nil }
        width = frame.pointee.width
        height = frame.pointee.height
        if strides.allSatisfy({ $0 > 0 }) {
            planes = pointers.map { UnsafePointer($0) }
            pitches = Array(strides)
            upsideDown = false
            return
        }
        guard strides.allSatisfy({ $0 < 0 }) else { return nil }
        let lumaRows = Int(height)
        let chromaRows = (lumaRows + 1) / 2
        planes = zip(pointers, strides).enumerated().map { index, plane in
            let rows = index == 0 ? lumaRows : chromaRows
            return UnsafePointer(plane.0 + Int(plane.1) * (rows - 1))
        }
        pitches = strides.map { -$0 }
        upsideDown = true
    }
}
