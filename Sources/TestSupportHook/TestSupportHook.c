#include "TestSupportHook.h"

// Defined in VideoPlayerTestSupport (Swift, @_cdecl); the test executable links both.
extern void vpc_test_support_install(void);

// Runs when the test executable loads, before any test: from then on an issue a dependency reports
// (a live-only dependency reached in a test, an unimplemented closure called) fails the test.
__attribute__((constructor)) static void vpc_test_support_load(void) {
    vpc_test_support_install();
}
