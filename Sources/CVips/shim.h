// Fixed-arity wrappers around libvips' variadic calls, which Swift cannot call directly.
#ifndef VITRINE_CVIPS_SHIM_H
#define VITRINE_CVIPS_SHIM_H

#include <vips/vips.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/// Starts libvips once per process; returns 0 on success.
static inline int vt_init(const char *argv0) { return VIPS_INIT(argv0); }

/// glibc gives each thread its own malloc arena, and libvips' worker threads then keep freed pixel
/// buffers resident in many arenas; capping the count keeps peak memory flat.
static inline void vt_limit_malloc_arenas(int count) {
#ifdef __GLIBC__
    mallopt(M_ARENA_MAX, count);
#endif
}

/// Opens a file as a byte source without interpreting its name (no `[options]` parsing).
static inline VipsSource *vt_source_new_from_file(const char *path) {
    return vips_source_new_from_file(path);
}

/// The nickname of the loader that recognises the source's bytes, or NULL.
static inline const char *vt_find_load_source(VipsSource *source) {
    return vips_foreign_find_load_source(source);
}

/// Reads only the header: width, height and metadata, no pixels.
static inline VipsImage *vt_image_new_from_source(VipsSource *source) {
    return vips_image_new_from_source(source, "", NULL);
}

/// Opens an encoded image held in memory; the buffer must outlive the image.
static inline VipsImage *vt_image_new_from_buffer(const void *buf, size_t len) {
    return vips_image_new_from_buffer(buf, len, "", NULL);
}

/// Decodes with shrink-on-load, EXIF auto-rotation and colour management, down-sizing only.
/// Truncated or corrupt input becomes an error instead of grey pixels. libvips 8.14's thumbnail_source
/// ignores its own `fail_on` argument, so the option goes to the loader through `option_string`.
static inline int vt_thumbnail_source(VipsSource *source, VipsImage **out, int width, int height) {
    return vips_thumbnail_source(source, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                 "option_string", "fail_on=truncated", NULL);
}

/// Resizes an already decoded image to fit width×height, never up.
static inline int vt_thumbnail_image(VipsImage *in, VipsImage **out, int width, int height) {
    return vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_DOWN, NULL);
}

static inline int vt_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space) {
    return vips_colourspace(in, out, space, NULL);
}

static inline int vt_cast(VipsImage *in, VipsImage **out, VipsBandFormat format) {
    return vips_cast(in, out, format, NULL);
}

/// Flattens alpha onto a solid grey level (255 = white) for formats without transparency.
static inline int vt_flatten(VipsImage *in, VipsImage **out, double background) {
    double rgb[3] = {background, background, background};
    VipsArrayDouble *bg = vips_array_double_new(rgb, 3);
    int result = vips_flatten(in, out, "background", bg, NULL);
    vips_area_unref(VIPS_AREA(bg));
    return result;
}

static inline int vt_addalpha(VipsImage *in, VipsImage **out) { return vips_addalpha(in, out, NULL); }

static inline int vt_extract_bands(VipsImage *in, VipsImage **out, int band, int n) {
    return vips_extract_band(in, out, band, "n", n, NULL);
}

/// Replaces the interpretation tag without touching pixels (e.g. to mark 4 bands as CMYK).
static inline int vt_copy_interpretation(VipsImage *in, VipsImage **out, VipsInterpretation interpretation) {
    return vips_copy(in, out, "interpretation", interpretation, NULL);
}

/// Encodes with a saver chosen by suffix, options in brackets, e.g. ".jpg[Q=82,interlace]".
static inline int vt_write_to_buffer(VipsImage *in, const char *suffix, void **buf, size_t *size) {
    return vips_image_write_to_buffer(in, suffix, buf, size, NULL);
}

/// Saves with a saver chosen by file name, options in brackets.
static inline int vt_write_to_file(VipsImage *in, const char *name) {
    return vips_image_write_to_file(in, name, NULL);
}

static inline void vt_unref(void *object) { if (object) g_object_unref(object); }
static inline void vt_free(void *memory) { g_free(memory); }

static inline int vt_image_get_int(VipsImage *image, const char *name, int *out) {
    return vips_image_get_int(image, name, out);
}

/// Sets an int field on an image that is not shared (e.g. "orientation" before saving).
static inline void vt_image_set_int(VipsImage *image, const char *name, int value) {
    vips_image_set_int(image, name, value);
}

static inline void vt_image_set_string(VipsImage *image, const char *name, const char *value) {
    vips_image_set_string(image, name, value);
}

/// Copies a field list into a NULL-terminated array the caller frees with g_strfreev.
static inline char **vt_image_get_fields(VipsImage *image) { return vips_image_get_fields(image); }
static inline void vt_strfreev(char **list) { g_strfreev(list); }

/// Scales by independent horizontal and vertical factors (used to make large benchmark inputs).
static inline int vt_resize(VipsImage *in, VipsImage **out, double hscale, double vscale) {
    return vips_resize(in, out, hscale, "vscale", vscale, NULL);
}

/// Gaussian noise with the given standard deviation around mean 0.
static inline int vt_gaussnoise(VipsImage **out, int width, int height, double sigma) {
    return vips_gaussnoise(out, width, height, "sigma", sigma, "mean", 0.0, NULL);
}

static inline int vt_add(VipsImage *left, VipsImage *right, VipsImage **out) {
    return vips_add(left, right, out, NULL);
}

#endif
