#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/cpu.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/channel_layout.h>
#include <libavutil/display.h>
#include <libavutil/pixdesc.h>
#include <libavutil/error.h>
#include <libavutil/time.h>
#include <libavutil/dict.h>
#include <libavutil/samplefmt.h>
#include <libavutil/audio_fifo.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <dlfcn.h>

// NB: Swift cannot import function-like or computed macros; these inline functions stand in for them.

static inline int64_t cffmpeg_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int cffmpeg_error_eof(void) { return AVERROR_EOF; }
static inline int cffmpeg_error_eagain(void) { return AVERROR(EAGAIN); }
static inline int cffmpeg_error_enomem(void) { return AVERROR(ENOMEM); }
static inline int cffmpeg_error_einval(void) { return AVERROR(EINVAL); }
static inline int cffmpeg_error_enoent(void) { return AVERROR(ENOENT); }
static inline int cffmpeg_error_eio(void) { return AVERROR(EIO); }
static inline int cffmpeg_error_etimedout(void) { return AVERROR(ETIMEDOUT); }
static inline int cffmpeg_error_econnrefused(void) { return AVERROR(ECONNREFUSED); }
static inline int cffmpeg_error_espipe(void) { return AVERROR(ESPIPE); }
static inline int cffmpeg_error_exit(void) { return AVERROR_EXIT; }
static inline int cffmpeg_error_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int cffmpeg_error_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int cffmpeg_error_demuxer_not_found(void) { return AVERROR_DEMUXER_NOT_FOUND; }
static inline int cffmpeg_error_protocol_not_found(void) { return AVERROR_PROTOCOL_NOT_FOUND; }
static inline int cffmpeg_error_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
static inline int cffmpeg_error_http_bad_request(void) { return AVERROR_HTTP_BAD_REQUEST; }
static inline int cffmpeg_error_http_unauthorized(void) { return AVERROR_HTTP_UNAUTHORIZED; }
static inline int cffmpeg_error_http_forbidden(void) { return AVERROR_HTTP_FORBIDDEN; }
static inline int cffmpeg_error_http_not_found(void) { return AVERROR_HTTP_NOT_FOUND; }
static inline int cffmpeg_error_http_other_4xx(void) { return AVERROR_HTTP_OTHER_4XX; }
static inline int cffmpeg_error_http_server_error(void) { return AVERROR_HTTP_SERVER_ERROR; }
static inline int cffmpeg_averror(int posix) { return AVERROR(posix); }
static inline int cffmpeg_time_base(void) { return AV_TIME_BASE; }
static inline AVRational cffmpeg_time_base_q(void) { return AV_TIME_BASE_Q; }
static inline int cffmpeg_seek_flag_backward(void) { return AVSEEK_FLAG_BACKWARD; }
static inline int cffmpeg_seek_flag_any(void) { return AVSEEK_FLAG_ANY; }
static inline int cffmpeg_seek_flag_byte(void) { return AVSEEK_FLAG_BYTE; }
static inline int cffmpeg_fmt_ts_discont(void) { return AVFMT_TS_DISCONT; }
static inline int cffmpeg_fmt_no_byte_seek(void) { return AVFMT_NO_BYTE_SEEK; }
static inline int cffmpeg_pkt_flag_key(void) { return AV_PKT_FLAG_KEY; }
static inline int cffmpeg_frame_is_key(const AVFrame *frame) { return frame->key_frame; }
static inline int cffmpeg_codec_flag_global_header(void) { return AV_CODEC_FLAG_GLOBAL_HEADER; }
static inline int cffmpeg_fmt_globalheader(void) { return AVFMT_GLOBALHEADER; }
static inline int cffmpeg_fmt_nofile(void) { return AVFMT_NOFILE; }
static inline int cffmpeg_io_flag_write(void) { return AVIO_FLAG_WRITE; }
static inline int cffmpeg_disposition_attached_pic(void) { return AV_DISPOSITION_ATTACHED_PIC; }
static inline int cffmpeg_disposition_default(void) { return AV_DISPOSITION_DEFAULT; }
static inline int cffmpeg_ch_layout_native(void) { return AV_CHANNEL_ORDER_NATIVE; }

/// The string form of an FFmpeg error code; `buf` must hold AV_ERROR_MAX_STRING_SIZE bytes.
static inline const char *cffmpeg_err2str(int code, char *buf, size_t size) {
    av_strerror(code, buf, size);
    return buf;
}
static inline int cffmpeg_error_max_string_size(void) { return AV_ERROR_MAX_STRING_SIZE; }

// libavfilter is not linked: with its dependencies (speech synthesis voices, SVG, LV2, OpenCL...) it
// adds about 30 libraries and 11 MiB to every player's resident memory, and plays no part unless a
// filter is asked for. It is opened on first use, and its functions are called through this table.
typedef struct {
    __typeof__(&avfilter_graph_alloc) _Nonnull graph_alloc;
    __typeof__(&avfilter_graph_free) _Nonnull graph_free;
    __typeof__(&avfilter_graph_create_filter) _Nonnull graph_create_filter;
    __typeof__(&avfilter_graph_parse_ptr) _Nonnull graph_parse_ptr;
    __typeof__(&avfilter_graph_config) _Nonnull graph_config;
    __typeof__(&avfilter_get_by_name) _Nonnull get_by_name;
    __typeof__(&avfilter_inout_alloc) _Nonnull inout_alloc;
    __typeof__(&avfilter_inout_free) _Nonnull inout_free;
    __typeof__(&av_buffersrc_write_frame) _Nonnull buffersrc_write_frame;
    __typeof__(&av_buffersink_get_frame) _Nonnull buffersink_get_frame;
    __typeof__(&av_buffersink_get_time_base) _Nonnull buffersink_get_time_base;
} cffmpeg_avfilter;

#define CFFMPEG_STRINGIFY_(x) #x
#define CFFMPEG_STRINGIFY(x) CFFMPEG_STRINGIFY_(x)

/// The file name of the libavfilter the headers describe ("libavfilter.so.8").
static inline const char *cffmpeg_avfilter_library_name(void) {
    return "libavfilter.so." CFFMPEG_STRINGIFY(LIBAVFILTER_VERSION_MAJOR);
}

/// Opens libavfilter and returns its functions, every entry set; NULL, with what failed in `error`,
/// when the library or one of its functions cannot be found. The library stays open.
static inline const cffmpeg_avfilter *cffmpeg_avfilter_open(const char **error) {
    static cffmpeg_avfilter table;
    void *library = dlopen(cffmpeg_avfilter_library_name(), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        *error = dlerror();
        return NULL;
    }
#define CFFMPEG_AVFILTER_LOOK_UP(field, symbol) \
    if (!(table.field = (__typeof__(table.field))dlsym(library, #symbol))) { \
        *error = #symbol " not found"; \
        return NULL; \
    }
    CFFMPEG_AVFILTER_LOOK_UP(graph_alloc, avfilter_graph_alloc)
    CFFMPEG_AVFILTER_LOOK_UP(graph_free, avfilter_graph_free)
    CFFMPEG_AVFILTER_LOOK_UP(graph_create_filter, avfilter_graph_create_filter)
    CFFMPEG_AVFILTER_LOOK_UP(graph_parse_ptr, avfilter_graph_parse_ptr)
    CFFMPEG_AVFILTER_LOOK_UP(graph_config, avfilter_graph_config)
    CFFMPEG_AVFILTER_LOOK_UP(get_by_name, avfilter_get_by_name)
    CFFMPEG_AVFILTER_LOOK_UP(inout_alloc, avfilter_inout_alloc)
    CFFMPEG_AVFILTER_LOOK_UP(inout_free, avfilter_inout_free)
    CFFMPEG_AVFILTER_LOOK_UP(buffersrc_write_frame, av_buffersrc_write_frame)
    CFFMPEG_AVFILTER_LOOK_UP(buffersink_get_frame, av_buffersink_get_frame)
    CFFMPEG_AVFILTER_LOOK_UP(buffersink_get_time_base, av_buffersink_get_time_base)
#undef CFFMPEG_AVFILTER_LOOK_UP
    return &table;
}

// Gives `frame` (its format, width and height set) one buffer from `pool`, whose buffers hold at
// least av_image_get_buffer_size(format, width, height, align) bytes, and points its planes into it,
// rows `align`-byte aligned: av_frame_get_buffer's layout, from a pool instead of a new allocation.
static inline int cffmpeg_frame_get_pooled_buffer(AVFrame *frame, AVBufferPool *pool, int align) {
    frame->buf[0] = av_buffer_pool_get(pool);
    if (!frame->buf[0]) return AVERROR(ENOMEM);
    int ret = av_image_fill_arrays(frame->data, frame->linesize, frame->buf[0]->data, frame->format,
                                   frame->width, frame->height, align);
    if (ret < 0) {
        av_buffer_unref(&frame->buf[0]);
        return ret;
    }
    frame->extended_data = frame->data;
    return 0;
}

#endif
