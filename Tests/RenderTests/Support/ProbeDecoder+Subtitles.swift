import CFFmpeg
import VideoPlayerRender

extension ProbeDecoder {
    /// The ASS event text of every decoded subtitle of a text subtitle stream, with its packet time.
    func assEvents() throws -> [(time: Double, ass: String)] {
        var events: [(time: Double, ass: String)] = []
        for packet in try probe.readPackets() where packet.streamIndex == streamIndex {
            // FFmpeg's decoders read past the end of the data, up to the zeroed input padding.
            var bytes = packet.data + [UInt8](repeating: 0, count: Int(AV_INPUT_BUFFER_PADDING_SIZE))
            var avPacket = AVPacket()
            var subtitle = AVSubtitle()
            var gotSubtitle: Int32 = 0
            let code = bytes.withUnsafeMutableBufferPointer { buffer in
                avPacket.data = buffer.baseAddress
                avPacket.size = Int32(packet.data.count)
                return avcodec_decode_subtitle2(codecContext, &subtitle, &gotSubtitle, &avPacket)
            }
            try MediaProbe.check(code, "decoding a subtitle")
            guard gotSubtitle != 0 else { continue }
            defer { avsubtitle_free(&subtitle) }
            for index in 0..<Int(subtitle.num_rects) {
                guard let rect = subtitle.rects[index], let ass = rect.pointee.ass else { continue }
                events.append((packet.time ?? 0, String(cString: ass)))
            }
        }
        return events
    }
}
