extension PlayerEvent {
    /// What an event is about, without its values: for choosing the events an observer hears
    /// (`RenderService.observe(_:every:_:)`).
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `PlayerEvent.itemChanged`.
        case itemChanged
        /// `PlayerEvent.queueChanged`.
        case queueChanged
        /// `PlayerEvent.itemsRemoved`.
        case itemsRemoved
        /// `PlayerEvent.statusChanged`.
        case statusChanged
        /// `PlayerEvent.durationKnown`.
        case durationKnown
        /// `PlayerEvent.seekCompleted`.
        case seekCompleted
        /// `PlayerEvent.seekFailed`.
        case seekFailed
        /// `PlayerEvent.timeTick`.
        case timeTick
        /// `PlayerEvent.volumeChanged`.
        case volumeChanged
        /// `PlayerEvent.muteChanged`.
        case muteChanged
        /// `PlayerEvent.rateChanged`.
        case rateChanged
        /// `PlayerEvent.repeatModeChanged`.
        case repeatModeChanged
        /// `PlayerEvent.loudnessNormalizationChanged`.
        case loudnessNormalizationChanged
        /// `PlayerEvent.audioDelayChanged`.
        case audioDelayChanged
        /// `PlayerEvent.subtitleDelayChanged`.
        case subtitleDelayChanged
        /// `PlayerEvent.tracksChanged`.
        case tracksChanged
        /// `PlayerEvent.chaptersChanged`.
        case chaptersChanged
        /// `PlayerEvent.videoSizeChanged`.
        case videoSizeChanged
        /// `PlayerEvent.boundsChanged`.
        case boundsChanged
        /// `PlayerEvent.pictureInPictureStarted`.
        case pictureInPictureStarted
        /// `PlayerEvent.pictureInPictureStopped`.
        case pictureInPictureStopped
        /// `PlayerEvent.qualityChanged`.
        case qualityChanged
        /// `PlayerEvent.renditionChanged`.
        case renditionChanged
        /// `PlayerEvent.overloadChanged`.
        case overloadChanged
        /// `PlayerEvent.subtitleCue`.
        case subtitleCue
        /// `PlayerEvent.adjusted`.
        case adjusted
        /// `PlayerEvent.ignored`.
        case ignored
        /// `PlayerEvent.looped`.
        case looped
        /// `PlayerEvent.ended`.
        case ended
        /// `PlayerEvent.error`.
        case error
    }

    /// What the event is about.
    public var kind: Kind {
        switch self {
        case .itemChanged: .itemChanged
        case .queueChanged: .queueChanged
        case .itemsRemoved: .itemsRemoved
        case .statusChanged: .statusChanged
        case .durationKnown: .durationKnown
        case .seekCompleted: .seekCompleted
        case .seekFailed: .seekFailed
        case .timeTick: .timeTick
        case .volumeChanged: .volumeChanged
        case .muteChanged: .muteChanged
        case .rateChanged: .rateChanged
        case .repeatModeChanged: .repeatModeChanged
        case .loudnessNormalizationChanged: .loudnessNormalizationChanged
        case .audioDelayChanged: .audioDelayChanged
        case .subtitleDelayChanged: .subtitleDelayChanged
        case .tracksChanged: .tracksChanged
        case .chaptersChanged: .chaptersChanged
        case .videoSizeChanged: .videoSizeChanged
        case .boundsChanged: .boundsChanged
        case .pictureInPictureStarted: .pictureInPictureStarted
        case .pictureInPictureStopped: .pictureInPictureStopped
        case .qualityChanged: .qualityChanged
        case .renditionChanged: .renditionChanged
        case .overloadChanged: .overloadChanged
        case .subtitleCue: .subtitleCue
        case .adjusted: .adjusted
        case .ignored: .ignored
        case .looped: .looped
        case .ended: .ended
        case .error: .error
        }
    }
}
