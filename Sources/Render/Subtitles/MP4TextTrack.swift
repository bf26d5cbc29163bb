import Foundation

/// A subtitle track carried in fragmented MP4 (ISO/IEC 14496-30), as DASH and HLS services
/// serve it: WebVTT (`wvtt`, each sample holding the cues shown during it, `vttc` boxes with
/// their text, settings and identifier) or TTML (`stpp`, each sample a TTML document whose times
/// are the track's media times, the pictures of subtitles as images in subsamples after it). The
/// initialization segment gives the track, its time scale and its format; each media segment's
/// fragments (`moof` and `mdat`) give the samples.
struct MP4TextTrack: Equatable, Sendable {
    enum Format: String, Equatable, Sendable {
        case webVTT = "wvtt"
        case ttml = "stpp"
    }

    /// A sample of a media segment: its start and end in seconds of media time, where its bytes
    /// lie, and those of its subsamples when a `subs` box lists them (a TTML document, then the
    /// pictures it names "urn:mpeg:14496-30:subs:1", "...:2").
    struct Sample: Equatable {
        var start: Double
        var end: Double
        var bytes: Range<Int>
        var subsamples: [Range<Int>] = []
    }

    let format: Format
    let trackID: UInt64
    /// Units per second of the track's media times.
    let timescale: UInt64
    /// The sample duration and size the movie's `trex` box gives, for fragments that state none.
    private let defaults: (duration: UInt64, size: UInt64)

    static func == (lhs: MP4TextTrack, rhs: MP4TextTrack) -> Bool {
        (lhs.format, lhs.trackID, lhs.timescale) == (rhs.format, rhs.trackID, rhs.timescale)
            && lhs.defaults == rhs.defaults
    }

    /// Samples read from one segment at most.
    static let sampleLimit = 100_000

    /// The first WebVTT or TTML track of the initialization segment `bytes` at `location`.
    ///
    /// - Throws: `.unsupportedFormat` naming `location` when `bytes` hold no movie box with such a
    ///   track, or one whose boxes are cut short.
    init(initialization bytes: [UInt8], location: String) throws(PlayerError) {
        let fault = PlayerError.unsupportedFormat(
            "\(location) holds no WebVTT (wvtt) or TTML (stpp) track of a fragmented MP4 file")
        guard let movie = MP4Boxes.headers(in: bytes).first(where: { $0.type == "moov" }) else { throw fault }
        for track in MP4Boxes.children(of: movie, in: bytes) where track.type == "trak" {
            guard let media = MP4Boxes.child("mdia", of: track, in: bytes),
                let entry = MP4Boxes.path(["minf", "stbl", "stsd"], from: media, in: bytes).flatMap({ stsd in
                    // A full box header and an entry count come before the entries.
                    MP4Boxes.headers(in: bytes, within: stsd.contents + 8..<stsd.bytes.upperBound).first
                }),
                let format = Format(rawValue: entry.type)
            else { continue }
            guard let (id, scale) = MP4Boxes.track(track, in: bytes) else { throw fault }
            var defaults: (UInt64, UInt64) = (0, 0)
            let extends =
                MP4Boxes.child("mvex", of: movie, in: bytes).map { MP4Boxes.children(of: $0, in: bytes) }
                ?? []
            for trex in extends where trex.type == "trex" {
                var reader = MP4Boxes.Reader(bytes[trex.contents..<trex.bytes.upperBound])
                guard reader.bytes(4) != nil, reader.integer(4) == id, reader.bytes(4) != nil,
                    let duration = reader.integer(4), let size = reader.integer(4)
                else { continue }
                defaults = (duration, size)
            }
            (self.format, trackID, timescale, self.defaults) = (format, id, scale, defaults)
            return
        }
        throw fault
    }

    /// The track's samples in the media segment `bytes` at `location`.
    ///
    /// - Throws: `.unsupportedFormat` naming `location` for a fragment whose boxes are cut short,
    ///   or whose samples or subsamples lie outside the segment or their sample, or are too many.
    func samples(in bytes: [UInt8], location: String) throws(PlayerError) -> [Sample] {
        let fault = PlayerError.unsupportedFormat(
            "\(location) is not a readable fragment of an MP4 text track")
        var samples: [Sample] = []
        var time: UInt64 = 0
        let boxes = MP4Boxes.headers(in: bytes)
        for (place, fragment) in boxes.enumerated() where fragment.type == "moof" {
            let data = boxes[(place + 1)...].first { $0.type == "mdat" }
            for traf in MP4Boxes.children(of: fragment, in: bytes) where traf.type == "traf" {
                guard let tfhd = MP4Boxes.child("tfhd", of: traf, in: bytes) else { throw fault }
                var reader = MP4Boxes.Reader(bytes[tfhd.contents..<tfhd.bytes.upperBound])
                guard reader.bytes(1) != nil, let flags = reader.integer(3), let id = reader.integer(4) else {
                    throw fault
                }
                guard id == trackID else { continue }
                let base = flags & 0x1 != 0 ? reader.integer(8) : UInt64(fragment.bytes.lowerBound)
                if flags & 0x2 != 0 { _ = reader.integer(4) }
                let duration = flags & 0x8 != 0 ? reader.integer(4) : defaults.duration
                let size = flags & 0x10 != 0 ? reader.integer(4) : defaults.size
                guard let base, let duration, let size else { throw fault }
                if let tfdt = MP4Boxes.child("tfdt", of: traf, in: bytes) {
                    reader = MP4Boxes.Reader(bytes[tfdt.contents..<tfdt.bytes.upperBound])
                    guard let version = reader.integer(1), reader.bytes(3) != nil,
                        let decodeTime = reader.integer(version == 1 ? 8 : 4)
                    else { throw fault }
                    time = decodeTime
                }
                var subsamples: [Int: [Int]] = [:]
                if let box = MP4Boxes.child("subs", of: traf, in: bytes) {
                    guard let sizes = Self.subsampleSizes(in: bytes[box.contents..<box.bytes.upperBound])
                    else {
                        throw fault
                    }
                    subsamples = sizes
                }
                var number = 0
                var position: UInt64? = data.map { UInt64($0.contents) }
                for (order, run) in MP4Boxes.children(of: traf, in: bytes).filter({ $0.type == "trun" })
                    .enumerated()
                {
                    reader = MP4Boxes.Reader(bytes[run.contents..<run.bytes.upperBound])
                    guard reader.bytes(1) != nil, let runFlags = reader.integer(3),
                        let count = reader.integer(4),
                        samples.count + Int(clamping: count) <= Self.sampleLimit
                    else { throw fault }
                    if runFlags & 0x1 != 0 {
                        guard let offset = reader.integer(4) else { throw fault }
                        // A signed 32-bit offset from the fragment's base.
                        let signed = Int64(Int32(truncatingIfNeeded: offset))
                        let (sum, overflow) = Int64(clamping: base).addingReportingOverflow(signed)
                        guard !overflow, let start = UInt64(exactly: sum) else { throw fault }
                        position = start
                    } else if order > 0, position == nil {
                        throw fault
                    }
                    if runFlags & 0x4 != 0 { _ = reader.integer(4) }
                    for _ in 0..<count {
                        let sampleDuration = runFlags & 0x100 != 0 ? reader.integer(4) : duration
                        let sampleSize = runFlags & 0x200 != 0 ? reader.integer(4) : size
                        if runFlags & 0x400 != 0 { _ = reader.integer(4) }
                        let offset = runFlags & 0x800 != 0 ? reader.integer(4) : 0
                        guard let sampleDuration, let sampleSize, let offset, let start = position,
                            start <= UInt64(bytes.count), sampleSize <= UInt64(bytes.count) - start
                        else { throw fault }
                        let composition = Double(time) + Double(Int32(truncatingIfNeeded: offset))
                        var sample = Sample(
                            start: composition / Double(timescale),
                            end: (composition + Double(sampleDuration)) / Double(timescale),
                            bytes: Int(start)..<Int(start + sampleSize))
                        number += 1
                        var next = sample.bytes.lowerBound
                        for size in subsamples[number] ?? [] {
                            guard size <= sample.bytes.upperBound - next else { throw fault }
                            sample.subsamples.append(next..<next + size)
                            next += size
                        }
                        samples.append(sample)
                        time &+= sampleDuration
                        position = start + sampleSize
                    }
                }
            }
        }
        return samples
    }

    /// The sizes of the subsamples a `subs` box (its `contents`) lists, by the number of their
    /// sample in its fragment (from 1); `nil` when it is cut short or lists too many.
    private static func subsampleSizes(in contents: ArraySlice<UInt8>) -> [Int: [Int]]? {
        var reader = MP4Boxes.Reader(contents)
        guard let version = reader.integer(1), reader.bytes(3) != nil, let count = reader.integer(4),
            count <= UInt64(sampleLimit)
        else { return nil }
        var sizes: [Int: [Int]] = [:]
        var number: UInt64 = 0
        for _ in 0..<count {
            guard let delta = reader.integer(4), let parts = reader.integer(2) else { return nil }
            number += delta
            var list: [Int] = []
            for _ in 0..<parts {
                // A size, then a priority, whether it may be discarded, and codec parameters.
                guard let size = reader.integer(version == 1 ? 4 : 2), reader.bytes(6) != nil else {
                    return nil
                }
                list.append(Int(size))
            }
            sizes[Int(clamping: number)] = list
        }
        return sizes
    }

    /// The cues of the media segment `bytes` at `location`, those that continue one another made
    /// one (``TimedTextCue/joined(_:)``). TTML's subtitles as images are cues of their pictures
    /// as `pictures` says: embedded in the document or in the subsamples of its sample, or on a
    /// server.
    ///
    /// - Throws: as ``samples(in:location:)``, and as ``TTMLDocument/cues(in:location:within:)``
    ///   for a TTML sample it cannot read.
    func cues(
        in bytes: [UInt8], location: String, pictures: TTMLPictures.Reading = .textOnly
    ) throws(PlayerError) -> [TimedTextCue] {
        var cues: [TimedTextCue] = []
        for sample in try samples(in: bytes, location: location) where sample.end > sample.start {
            switch format {
            case .ttml:
                // The document is the first subsample, the pictures the others.
                let parts = sample.subsamples.isEmpty ? [sample.bytes] : sample.subsamples
                cues += try TTMLDocument.cues(
                    in: Array(bytes[parts[0]]), location: location, within: sample.start..<sample.end,
                    pictures: pictures, subsamples: parts.dropFirst().map { Array(bytes[$0]) })
            case .webVTT:
                for box in MP4Boxes.headers(in: bytes, within: sample.bytes) where box.type == "vttc" {
                    var cue = TimedTextCue(start: sample.start, end: sample.end, text: "")
                    for part in MP4Boxes.children(of: box, in: bytes) {
                        let text = String(
                            decoding: bytes[part.contents..<part.bytes.upperBound], as: UTF8.self)
                        switch part.type {
                        case "payl": cue.text = text
                        case "sttg": cue.settings = text.trimmingCharacters(in: .whitespacesAndNewlines)
                        default: continue
                        }
                    }
                    if !cue.text.isEmpty { cues.append(cue) }
                }
            }
        }
        return TimedTextCue.joined(cues)
    }
}
