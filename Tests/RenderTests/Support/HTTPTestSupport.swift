// NB: re-exported so every suite here sees `LocalHTTPServer` and `ServedClip` without importing the
// support module itself, as when the server lived in this target.
@_exported import HTTPTestSupport
