/// The bytes of one PGS display set, as a Blu-ray subtitle track carries it (and Matroska stores it,
/// without the `PG` headers of a .sup file): a presentation, a window, a palette, an object and an
/// end segment. FFmpeg has a PGS decoder but no encoder, so test clips write the format themselves.
enum PGSDisplaySet {
    private enum Segment: UInt8 {
        case palette = 0x14
        case object = 0x15
        case presentation = 0x16
        case window = 0x17
        case end = 0x80
    }

    /// A display set showing `cue` on a `width`x`height` canvas: an epoch start that defines its
    /// own palette (transparent, then the cue's colour) and one run-length coded object.
    static func showing(_ cue: BitmapSubtitleCue, width: Int, height: Int, number: Int) -> [UInt8] {
        var bytes = presentation(width: width, height: height, number: number, object: (cue.x, cue.y))
        bytes += segment(.window, [1, 0] + be16(cue.x) + be16(cue.y) + be16(cue.width) + be16(cue.height))
        let (y, cb, cr) = studioRange(cue.color, highDefinition: height > 576)
        bytes += segment(.palette, [0, 0] + [0, 16, 128, 128, 0] + [1, y, cr, cb, 255])
        var runs: [UInt8] = []
        for _ in 0..<cue.height {
            // A run of colour 1 across the line, then the end of the line.
            runs += [0, 0xC0 | UInt8(cue.width >> 8), UInt8(cue.width & 0xFF), 1, 0, 0]
        }
        let length = 4 + runs.count
        let object: [UInt8] =
            be16(0) + [0, 0xC0] + [
                UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF),
            ]
            + be16(cue.width) + be16(cue.height) + runs
        return bytes + segment(.object, object) + segment(.end, [])
    }

    /// A display set that shows nothing, ending the picture before it.
    static func clearing(width: Int, height: Int, number: Int) -> [UInt8] {
        presentation(width: width, height: height, number: number, object: nil) + segment(.window, [0])
            + segment(.end, [])
    }

    private static func presentation(width: Int, height: Int, number: Int, object: (x: Int, y: Int)?)
        -> [UInt8]
    {
        // Frame rate 0x10; an epoch start (0x80) when it shows an object, else a normal case.
        var payload =
            be16(width) + be16(height) + [0x10] + be16(number) + [object == nil ? 0x00 : 0x80, 0, 0]
        if let object {
            payload += [1] + be16(0) + [0, 0] + be16(object.x) + be16(object.y)
        } else {
            payload += [0]
        }
        return segment(.presentation, payload)
    }

    private static func segment(_ type: Segment, _ payload: [UInt8]) -> [UInt8] {
        [type.rawValue] + be16(payload.count) + payload
    }

    private static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    /// 0xRRGGBB as studio-range Y, Cb and Cr: BT.709 above standard definition, else BT.601, as
    /// the decoder reads them.
    private static func studioRange(_ color: UInt32, highDefinition: Bool) -> (UInt8, UInt8, UInt8) {
        let (r, g, b) = (Double(color >> 16 & 0xFF), Double(color >> 8 & 0xFF), Double(color & 0xFF))
        let (kr, kb) = highDefinition ? (0.2126, 0.0722) : (0.299, 0.114)
        let luma = kr * r + (1 - kr - kb) * g + kb * b
        let y = 16 + luma * 219 / 255
        let cb = 128 + (b - luma) / (2 * (1 - kb)) * 224 / 255
        let cr = 128 + (r - luma) / (2 * (1 - kr)) * 224 / 255
        let clamp = { (value: Double) in UInt8(min(max(value.rounded(), 0), 255)) }
        return (clamp(y), clamp(cb), clamp(cr))
    }
}
