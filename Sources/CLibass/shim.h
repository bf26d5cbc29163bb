#ifndef CLIBASS_SHIM_H
#define CLIBASS_SHIM_H

#include <stdarg.h>
#include <ass/ass.h>

/* libass prints its messages to stderr unless a callback takes them; the engine reports problems
   with subtitles through its own events, so the messages are dropped. */
static void clibass_drop_message(int level, const char *format, va_list arguments, void *data) {
    (void)level;
    (void)format;
    (void)arguments;
    (void)data;
}

static inline void clibass_silence(ASS_Library *library) {
    ass_set_message_cb(library, clibass_drop_message, 0);
}

#endif
