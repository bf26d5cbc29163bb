#ifndef CXLIB_SHIM_H
#define CXLIB_SHIM_H

// Xlib and its screensaver extension, for the tests that act as an X desktop's other clients
// (a drag source, a screensaver) towards a real window under Xvfb.
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/extensions/scrnsaver.h>

#endif
