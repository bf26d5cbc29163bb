@_exported import VideoPlayerRender
