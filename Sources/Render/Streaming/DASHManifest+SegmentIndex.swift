extension DASHManifest {
    /// The segment index of a representation in one file (a `sidx` box, ISO/IEC 14496-12 8.16.3),
    /// which a `SegmentBase`'s `indexRange` points to: each segment's bytes and duration.
    struct SegmentIndex: Equatable, Sendable {
        /// Units per second of the times and durations.
        var timescale: Int64
        /// The first segment's presentation time, in `timescale` units.
        var earliestTime: Int64
        var references: [Reference]

        /// A segment: its bytes in the file, and its duration in the index's units.
        struct Reference: Equatable, Sendable {
            var range: ClosedRange<Int64>
            var duration: Int64
        }
    }
}

extension DASHManifest.SegmentIndex {
    /// Reads the index from `bytes`, which the file holds from `offset` on: the first `sidx` box
    /// among the boxes they begin with. Its segments follow the box, from its `first_offset`.
    ///
    /// - Throws: `.unsupportedFormat` naming `location` for bytes that hold no index, one cut short
    ///   or out of range, and one whose references point to further indexes (a hierarchy of
    ///   `sidx` boxes, which the player does not follow).
    init(parsing bytes: [UInt8], at offset: Int64, location: String) throws(PlayerError) {
        let fault = PlayerError.unsupportedFormat(
            "\(location) has no readable segment index (sidx) at byte \(offset)")
        guard let sidx = MP4Boxes.first("sidx", in: bytes) else { throw fault }
        var reader = MP4Boxes.Reader(bytes[sidx.contents..<sidx.bytes.upperBound])
        guard let version = reader.integer(1), reader.bytes(3 + 4) != nil, let scale = reader.integer(4),
            scale > 0
        else { throw fault }
        let wide = version == 0 ? 4 : 8
        guard let earliest = reader.integer(wide), let first = reader.integer(wide), reader.bytes(2) != nil,
            let count = reader.integer(2), count > 0, count <= DASHManifest.segmentLimit, earliest < 1 << 53,
            first < 1 << 53
        else { throw fault }
        var start = offset + Int64(sidx.bytes.upperBound) + Int64(first)
        var references: [Reference] = []
        for _ in 0..<count {
            guard let sized = reader.integer(4), let duration = reader.integer(4), reader.bytes(4) != nil,
                sized & 0x7FFF_FFFF > 0, duration > 0
            else { throw fault }
            guard sized >> 31 == 0 else {
                throw .unsupportedFormat(
                    "\(location) indexes its segments in further indexes, which the player does not read")
            }
            let size = Int64(sized & 0x7FFF_FFFF)
            references.append(Reference(range: start...(start + size - 1), duration: Int64(duration)))
            start += size
        }
        timescale = Int64(scale)
        earliestTime = Int64(earliest)
        self.references = references
    }
}

extension DASHManifest.SegmentTemplate {
    /// A `SegmentBase`'s initialization segment: the one it names, else the bytes of the file
    /// before the index.
    var indexedInitialization: DASHManifest.ListedSegment? {
        if let listedInitialization { return listedInitialization }
        guard let position = index?.lowerBound, position > 0 else { return nil }
        return DASHManifest.ListedSegment(url: nil, range: 0...(position - 1))
    }

    /// The `SegmentBase` with the segments of `index` listed, as a `SegmentList` of byte ranges of
    /// the representation's file with their times in a timeline; its initialization segment is
    /// the bytes before the index when the manifest names none.
    func listing(_ index: DASHManifest.SegmentIndex) -> Self {
        var listed = self
        listed.list = index.references.map { DASHManifest.ListedSegment(url: nil, range: $0.range) }
        listed.listedInitialization = indexedInitialization
        // NB: the offset is written in the manifest's timescale, the times in the index's.
        let offset = Double(presentationTimeOffset) * Double(index.timescale) / Double(timescale)
        listed.presentationTimeOffset = Int64(offset.rounded())
        listed.timescale = index.timescale
        listed.duration = nil
        var timeline: [DASHManifest.TimelineEntry] = []
        for reference in index.references {
            if let last = timeline.last, last.duration == reference.duration {
                timeline[timeline.count - 1].repeatCount += 1
            } else {
                timeline.append(
                    .init(
                        time: timeline.isEmpty ? index.earliestTime : nil, duration: reference.duration,
                        repeatCount: 0))
            }
        }
        listed.timeline = timeline
        return listed
    }
}
