import VideoPlayerRender

extension ClipSpec {
    /// Version of the picture and sound generator; bump it when the content changes so cached clips
    /// made by an older build are not reused.
    static let generatorVersion = 1

    /// A name for the clip that stays the same across runs and processes (unlike `hashValue`, which
    /// Swift seeds per process): 16 hex digits of the FNV-1a hash of every field.
    var cacheKey: String { StableHash.hex(of: canonicalDescription) }

    /// The picture source when it is not the pattern.
    private var pictureText: String {
        guard case .filter(let graph) = picture else { return "" }
        return "|picture\(graph.utf8.count):\(graph)"
    }

    /// Every field in a fixed order; texts carry their length so no two specs read the same.
    private var canonicalDescription: String {
        // NB: AAC, the first codec, and the fields added since add nothing when left at their
        // defaults, so clips cached before them stay valid.
        let toneText =
            ([tone] + additionalTones.map(Optional.some)).map { tone in
                tone.map {
                    "\($0.frequency)Hz,\($0.sampleRate),\($0.channels)ch,\($0.amplitude)"
                        + ($0.codec == .aac ? "" : ",\($0.codec.rawValue)")
                        + ($0.duration.map { ",\($0)s" } ?? "")
                        + ($0.language.map { ",\($0.utf8.count):\($0)" } ?? "")
                        + ($0.generator.map { ",gen\($0.utf8.count):\($0)" } ?? "")
                } ?? "none"
            }.joined(separator: "+")
        let cueText = subtitles.map {
            "\($0.start)-\($0.end):\($0.text.utf8.count):\($0.text)"
                + ($0.assEvent.map { ":ass\($0.utf8.count):\($0)" } ?? "")
        }
        let tags = [metadata.title, metadata.artist, metadata.album].map {
            $0.map { "\($0.utf8.count):\($0)" } ?? "-"
        }
        return [
            "v\(Self.generatorVersion)", "\(width)x\(height)",
            "\(frameRate.numerator)/\(frameRate.denominator)",
            "\(duration)s", "gop\(gopFrames)", videoCodec.rawValue, "b\(allowsBFrames)", "video\(hasVideo)",
            toneText, "marks\(syncMarks)", "cues\(cueText)",
        ].joined(separator: "|") + (metadata == MediaMetadata() ? "" : "|tags\(tags)")
            + (subtitleHeader.map { "|ass\($0.utf8.count):\($0)" } ?? "")
            + subtitleFonts.map {
                "|font\($0.name.utf8.count):\($0.name):\($0.data.count):\(StableHash.fnv1a($0.data))"
            }.joined()
            + (bitmapSubtitles.isEmpty
                ? ""
                : "|\(bitmapSubtitleCodec.rawValue)"
                    + bitmapSubtitles.map {
                        "[\($0.start)-\($0.end):\($0.x),\($0.y),\($0.width)x\($0.height):\($0.color)]"
                    }.joined())
            + (videoBitRate.map { "|cbr\($0)" } ?? "")
            + (encoderPreset == "ultrafast" ? "" : "|preset:\(encoderPreset)")
            + pictureText
            + closedCaptions.map {
                "|cc\($0.start)-\($0.end):\($0.color.rawValue):\($0.text.utf8.count):\($0.text)"
            }.joined()
    }
}

/// Hashes that stay the same across runs and processes (unlike `hashValue`, which Swift seeds per
/// process), for the names of cached media.
enum StableHash {
    /// 16 hex digits of the FNV-1a hash of `text`.
    static func hex(of text: String) -> String {
        let hex = String(fnv1a(text.utf8), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The 64-bit FNV-1a hash of `bytes`.
    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}
