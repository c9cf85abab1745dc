// The part of libvips that Imaging uses, loaded on first use.
//
// libvips and the ~95 libraries it links take about 23 ms of CPU to load, which every `vitrine` command
// would pay at start even when it never touches an image (`mirror`, `collect`, `--help`). So nothing here
// links libvips: `vt_load` opens it with dlopen and resolves each function once, and every other function
// calls through what it resolved. libvips' variadic calls become fixed-arity ones, which Swift can call.
//
// The types are opaque (Swift sees `OpaquePointer`) and the enums repeat libvips' values; `make test`
// compiles Vips.c against the installed headers with VT_CHECK_HEADERS, which asserts that every resolved
// function has libvips' exact signature and every value here is libvips' own.
#ifndef VITRINE_CVIPS_H
#define VITRINE_CVIPS_H

#include <stddef.h>

typedef struct _VipsImage VtImage;
typedef struct _VipsSource VtSource;

/// libvips' `VipsInterpretation` values that Imaging names.
typedef enum {
    VT_INTERPRETATION_B_W = 1,
    VT_INTERPRETATION_CMYK = 15,
    VT_INTERPRETATION_sRGB = 22,
    VT_INTERPRETATION_RGB16 = 25,
    VT_INTERPRETATION_GREY16 = 26,
} VtInterpretation;

/// libvips' `VipsBandFormat` values that Imaging names.
typedef enum {
    VT_FORMAT_UCHAR = 0,
    VT_FORMAT_USHORT = 2,
} VtBandFormat;

/// Opens libvips and resolves every function below, then starts it (`vips_init`). Returns 0 on success;
/// otherwise a message for a person (e.g. dlopen's) is in `vt_load_error()`. Call once per process,
/// before any other function here; it is not thread-safe by itself.
int vt_load(const char *argv0);
const char *vt_load_error(void);

/// Whether libvips runs ORC's vector code. `vt_load` leaves it on only when liborc's compile and free
/// reach the locked definitions in OrcGuard.c; otherwise libvips runs its plain C loops. An operator's
/// VIPS_NOVECTOR also turns it off.
int vt_vector_enabled(void);
/// How many ORC compiles and frees have gone through that lock.
long vt_orc_guarded_calls(void);
/// Called by `vt_load` once libvips (and with it liborc) is loaded: resolves liborc's own functions and
/// says whether the locked ones are what the process resolves. Returns 1 if vector code may run.
int vt_orc_guard_install(void);

/// glibc gives each thread its own malloc arena, and libvips' worker threads then keep freed pixel
/// buffers resident in many arenas; capping the count keeps peak memory flat.
void vt_limit_malloc_arenas(int count);

void vt_cache_set_max(int max);
void vt_cache_set_max_mem(size_t max);
/// libvips' error buffer, one for the whole process, and its reset.
const char *vt_error_buffer(void);
void vt_error_clear(void);
/// A copy of the error buffer, taken and cleared under libvips' lock, so no other thread's message is
/// appended between the read and the reset and then lost; the caller frees it with vt_free.
char *vt_error_take(void);

/// Opens a file as a byte source without interpreting its name (no `[options]` parsing).
VtSource *vt_source_new_from_file(const char *path);
/// The nickname of the loader that recognises the source's bytes, or NULL.
const char *vt_find_load_source(VtSource *source);
/// Reads only the header: width, height and metadata, no pixels.
VtImage *vt_image_new_from_source(VtSource *source);
/// Opens an encoded image held in memory; the buffer must outlive the image.
VtImage *vt_image_new_from_buffer(const void *buf, size_t len);
/// Wraps a copy of raw pixels, band-interleaved, row by row.
VtImage *vt_image_new_from_memory_copy(const void *data, size_t size, int width, int height, int bands,
                                       VtBandFormat format);

/// Decodes with shrink-on-load, EXIF auto-rotation and colour management, down-sizing only: an embedded
/// ICC profile (Display P3 from phones, Adobe RGB) is converted to sRGB, which libvips' thumbnail does only
/// when given an export profile; the variants drop the profile, so their numbers must be sRGB's.
/// Truncated or corrupt input becomes an error instead of grey pixels. libvips 8.14's thumbnail_source
/// ignores its own `fail_on` argument, so the option goes to the loader through `option_string`.
int vt_thumbnail_source(VtSource *source, VtImage **out, int width, int height);
/* The same without an export profile: for 8-bit sRGB or greyscale with no embedded profile, which libvips
   takes as sRGB, so a transform to sRGB would change nothing at the cost of a colour round trip. */
int vt_thumbnail_source_untagged(VtSource *source, VtImage **out, int width, int height);
/// Resizes an already decoded image to fit width×height, never up.
int vt_thumbnail_image(VtImage *in, VtImage **out, int width, int height);
int vt_colourspace(VtImage *in, VtImage **out, VtInterpretation space);
int vt_cast(VtImage *in, VtImage **out, VtBandFormat format);
/// Flattens alpha onto a solid grey level (255 = white) for formats without transparency.
int vt_flatten(VtImage *in, VtImage **out, double background);
int vt_addalpha(VtImage *in, VtImage **out);
int vt_extract_bands(VtImage *in, VtImage **out, int band, int n);
/// Replaces the interpretation tag without touching pixels (e.g. to mark 4 bands as CMYK).
int vt_copy_interpretation(VtImage *in, VtImage **out, VtInterpretation interpretation);
/// Scales by independent horizontal and vertical factors (used to make large benchmark inputs).
int vt_resize(VtImage *in, VtImage **out, double hscale, double vscale);
/// Gaussian noise with the given standard deviation around mean 0.
int vt_gaussnoise(VtImage **out, int width, int height, double sigma);
int vt_add(VtImage *left, VtImage *right, VtImage **out);
/// Evaluates the whole pipeline into a new in-memory image.
VtImage *vt_image_copy_memory(VtImage *image);

/// Encodes with a saver chosen by suffix, options in brackets, e.g. ".jpg[Q=82,interlace]"; the caller
/// frees `*buf` with vt_free.
int vt_write_to_buffer(VtImage *in, const char *suffix, void **buf, size_t *size);
/// Saves with a saver chosen by file name, options in brackets.
int vt_write_to_file(VtImage *in, const char *name);
/// The raw pixels, row by row, band-interleaved; the caller frees them with vt_free.
void *vt_write_to_memory(VtImage *in, size_t *size);

int vt_image_get_width(const VtImage *image);
int vt_image_get_height(const VtImage *image);
int vt_image_get_bands(const VtImage *image);
VtBandFormat vt_image_get_format(const VtImage *image);
VtInterpretation vt_image_get_interpretation(const VtImage *image);
int vt_image_hasalpha(VtImage *image);
/// Whether the image has a field of that name (libvips' GType of it is not 0).
int vt_image_has_field(const VtImage *image, const char *name);
int vt_image_get_int(const VtImage *image, const char *name, int *out);
int vt_image_get_string(const VtImage *image, const char *name, const char **out);
int vt_image_get_blob(const VtImage *image, const char *name, const void **data, size_t *length);
/// Sets a field on an image that is not shared (e.g. "orientation" before saving).
void vt_image_set_int(VtImage *image, const char *name, int value);
void vt_image_set_string(VtImage *image, const char *name, const char *value);

/// Drop one reference; NULL is ignored.
void vt_image_unref(VtImage *image);
void vt_source_unref(VtSource *source);
/// Frees memory libvips or GLib allocated.
void vt_free(void *memory);

#endif
