// NB: re-exported so every suite here sees `SharedMedia` without importing the support module
// itself, as when the corpus helpers lived in this target.
@_exported import MediaTestSupport
