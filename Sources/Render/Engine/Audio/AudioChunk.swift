/// Converted samples ready for the device, with the media time of their first sample.
struct AudioChunk: Sendable {
    /// Interleaved float samples in the output format.
    var samples: [Float]
    /// Media time of the first sample, in seconds.
    var pts: Double
    /// Media seconds one output second covers (the playback rate the samples were stretched for).
    var tempo: Double
    /// The seek generation the samples belong to.
    var serial: Int
}

/// What the audio decoder thread sends the audio callback.
enum AudioQueueItem: Sendable {
    case chunk(AudioChunk)
    /// No more samples for generation `serial`.
    case end(serial: Int)
}
