import Glibc

/// Whether this test process was built with AddressSanitizer or ThreadSanitizer (`make
/// test-address`, `make test-thread`), found by the sanitizer runtime's entry point.
///
/// NB: a sanitizer slows decoding and drawing several-fold, so real-time playback drops pictures a
/// normal build shows. Only figures that measure smoothness are relaxed under it; what a test
/// checks about behaviour stays. A test is left out whole only where the sanitizer's runtime
/// changes what a library does (a program built with ThreadSanitizer gets no X shared memory), and
/// says so.
public enum Sanitizer {
    private static let entryPoints: [String] = ["__asan_init", "__tsan_init"]

    public static let isActive = entryPoints.contains {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), $0) != nil
    }

    /// What a bound on how long the engine takes to do something (sound back within 100 ms of a
    /// switch of track) is multiplied by: 1, or 5 under a sanitizer, whose run looks for races and
    /// bad memory; `make test` holds the bounds themselves.
    public static let slowdown = isActive ? 5 : 1
}
