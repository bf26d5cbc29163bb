#ifndef VPC_TEST_SUPPORT_HOOK_H
#define VPC_TEST_SUPPORT_HOOK_H

/// Nothing to call: linking this target installs the test issue reporter when the process loads.

#endif
