#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>

// NB: Swift cannot import these function-like or computed macros; inline functions stand in for them.

static inline int csdl_windowpos_undefined(void) { return SDL_WINDOWPOS_UNDEFINED; }
static inline int csdl_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline uint32_t csdl_init_video(void) { return SDL_INIT_VIDEO; }
static inline uint32_t csdl_init_audio(void) { return SDL_INIT_AUDIO; }
static inline uint32_t csdl_init_timer(void) { return SDL_INIT_TIMER; }
static inline uint32_t csdl_init_events(void) { return SDL_INIT_EVENTS; }
static inline uint16_t csdl_audio_f32sys(void) { return AUDIO_F32SYS; }
static inline uint16_t csdl_audio_s16sys(void) { return AUDIO_S16SYS; }
static inline uint32_t csdl_pixelformat_iyuv(void) { return SDL_PIXELFORMAT_IYUV; }
static inline uint32_t csdl_pixelformat_nv12(void) { return SDL_PIXELFORMAT_NV12; }
static inline uint32_t csdl_pixelformat_argb8888(void) { return SDL_PIXELFORMAT_ARGB8888; }
static inline uint32_t csdl_pixelformat_abgr8888(void) { return SDL_PIXELFORMAT_ABGR8888; }
static inline uint32_t csdl_pixelformat_rgb24(void) { return SDL_PIXELFORMAT_RGB24; }
static inline uint8_t csdl_button_left(void) { return SDL_BUTTON_LEFT; }
static inline uint8_t csdl_button_right(void) { return SDL_BUTTON_RIGHT; }
static inline uint32_t csdl_button_lmask(void) { return SDL_BUTTON_LMASK; }
static inline uint32_t csdl_touch_mouseid(void) { return SDL_TOUCH_MOUSEID; }
static inline uint32_t csdl_window_fullscreen_desktop(void) { return SDL_WINDOW_FULLSCREEN_DESKTOP; }
static inline uint32_t csdl_window_resizable(void) { return SDL_WINDOW_RESIZABLE; }
static inline uint32_t csdl_window_hidden(void) { return SDL_WINDOW_HIDDEN; }
static inline uint32_t csdl_window_shown(void) { return SDL_WINDOW_SHOWN; }
static inline uint32_t csdl_window_minimized(void) { return SDL_WINDOW_MINIMIZED; }
static inline uint32_t csdl_window_allow_highdpi(void) { return SDL_WINDOW_ALLOW_HIGHDPI; }
static inline int csdl_must_lock(SDL_Surface *s) { return SDL_MUSTLOCK(s); }

static inline uint32_t csdl_pixelformat_rgb888(void) { return SDL_PIXELFORMAT_RGB888; }

// The GL_RENDERER string of the OpenGL context current on this thread ("llvmpipe (LLVM 15...)"), or
// NULL without one. NB: SDL does not expose it, and the GL headers are not a dependency, so the
// function is looked up through SDL and called with GL_RENDERER's value (0x1F01).
static inline const char *csdl_gl_renderer_string(void) {
    typedef const unsigned char *(*GetString)(unsigned int);
    GetString getString = (GetString)SDL_GL_GetProcAddress("glGetString");
    return getString ? (const char *)getString(0x1F01) : NULL;
}

// SDL's connection to the X server (Xlib's `Display *`) behind `window`, or NULL when the window is
// not on X11. NB: with SDL_VIDEO_DRIVER_X11 defined, SDL_syswm.h would bring Xlib's names into every
// file that imports this module; without it the union keeps its size and alignment (its Wayland
// members hold pointers), and SDL's X11 driver puts the display at its start.
#ifdef SDL_VIDEO_DRIVER_X11
#undef SDL_VIDEO_DRIVER_X11
#include <SDL2/SDL_syswm.h>
#define SDL_VIDEO_DRIVER_X11 1
#else
#include <SDL2/SDL_syswm.h>
#endif
static inline void *csdl_x11_display(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return NULL;
    void *display;
    SDL_memcpy(&display, &info.info, sizeof display);
    return display;
}

#endif
