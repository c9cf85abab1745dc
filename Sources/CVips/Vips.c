// libvips through dlopen: every function Imaging needs, resolved once by `vt_load`.
//
// VT_FUNCTIONS lists each libvips (or GLib) function with its return type and parameters. It declares
// the pointers, resolves them, and, when compiled with VT_CHECK_HEADERS against libvips' own headers,
// asserts that each listed signature is exactly libvips' (see `make check-cvips`).
#include "CVips.h"

#include <dlfcn.h>
#include <stdio.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#ifdef VT_CHECK_HEADERS
#include <vips/vips.h>
#include <vips/vector.h>
#define VT_ENUM_INTERPRETATION VipsInterpretation
#define VT_ENUM_FORMAT VipsBandFormat
#define VT_GTYPE GType
#define VT_AREA VipsArea
#define VT_ARRAY_DOUBLE VipsArrayDouble
_Static_assert((int)VT_INTERPRETATION_B_W == (int)VIPS_INTERPRETATION_B_W, "B_W");
_Static_assert((int)VT_INTERPRETATION_CMYK == (int)VIPS_INTERPRETATION_CMYK, "CMYK");
_Static_assert((int)VT_INTERPRETATION_sRGB == (int)VIPS_INTERPRETATION_sRGB, "sRGB");
_Static_assert((int)VT_INTERPRETATION_RGB16 == (int)VIPS_INTERPRETATION_RGB16, "RGB16");
_Static_assert((int)VT_INTERPRETATION_GREY16 == (int)VIPS_INTERPRETATION_GREY16, "GREY16");
_Static_assert((int)VT_FORMAT_UCHAR == (int)VIPS_FORMAT_UCHAR, "UCHAR");
_Static_assert((int)VT_FORMAT_USHORT == (int)VIPS_FORMAT_USHORT, "USHORT");
_Static_assert(2 == VIPS_SIZE_DOWN, "VIPS_SIZE_DOWN");
#else
// The same types as libvips' at the ABI: its enums are int-sized and GType is a gsize.
#define VT_ENUM_INTERPRETATION int
#define VT_ENUM_FORMAT int
#define VT_GTYPE unsigned long
struct _VipsArea;
struct _VipsArrayDouble;
#define VT_AREA struct _VipsArea
#define VT_ARRAY_DOUBLE struct _VipsArrayDouble
#endif

/// VipsSize's VIPS_SIZE_DOWN: thumbnails never enlarge.
#define VT_SIZE_DOWN 2

typedef struct _VipsImage Image;
typedef struct _VipsSource Source;

#define VT_FUNCTIONS(X)                                                                                     \
    X(vips_init, int, (const char *))                                                                       \
    X(vips_vector_isenabled, int, (void))                                                                   \
    X(vips_vector_set_enabled, void, (int))                                                                 \
    X(vips_cache_set_max, void, (int))                                                                      \
    X(vips_cache_set_max_mem, void, (size_t))                                                               \
    X(vips_error_buffer, const char *, (void))                                                              \
    X(vips_error_clear, void, (void))                                                                       \
    X(vips_error_buffer_copy, char *, (void))                                                               \
    X(vips_source_new_from_file, Source *, (const char *))                                                  \
    X(vips_foreign_find_load_source, const char *, (Source *))                                              \
    X(vips_image_new_from_source, Image *, (Source *, const char *, ...))                                   \
    X(vips_image_new_from_buffer, Image *, (const void *, size_t, const char *, ...))                      \
    X(vips_image_new_from_memory_copy, Image *, (const void *, size_t, int, int, int, VT_ENUM_FORMAT))       \
    X(vips_thumbnail_source, int, (Source *, Image **, int, ...))                                           \
    X(vips_thumbnail_image, int, (Image *, Image **, int, ...))                                             \
    X(vips_colourspace, int, (Image *, Image **, VT_ENUM_INTERPRETATION, ...))                              \
    X(vips_cast, int, (Image *, Image **, VT_ENUM_FORMAT, ...))                                             \
    X(vips_array_double_new, VT_ARRAY_DOUBLE *, (const double *, int))                                      \
    X(vips_area_unref, void, (VT_AREA *))                                                                   \
    X(vips_flatten, int, (Image *, Image **, ...))                                                          \
    X(vips_addalpha, int, (Image *, Image **, ...))                                                         \
    X(vips_extract_band, int, (Image *, Image **, int, ...))                                                \
    X(vips_copy, int, (Image *, Image **, ...))                                                             \
    X(vips_resize, int, (Image *, Image **, double, ...))                                                   \
    X(vips_gaussnoise, int, (Image **, int, int, ...))                                                      \
    X(vips_add, int, (Image *, Image *, Image **, ...))                                                     \
    X(vips_image_copy_memory, Image *, (Image *))                                                           \
    X(vips_image_write_to_buffer, int, (Image *, const char *, void **, size_t *, ...))                      \
    X(vips_image_write_to_file, int, (Image *, const char *, ...))                                          \
    X(vips_image_write_to_memory, void *, (Image *, size_t *))                                              \
    X(vips_image_get_width, int, (const Image *))                                                           \
    X(vips_image_get_height, int, (const Image *))                                                          \
    X(vips_image_get_bands, int, (const Image *))                                                           \
    X(vips_image_get_format, VT_ENUM_FORMAT, (const Image *))                                               \
    X(vips_image_get_interpretation, VT_ENUM_INTERPRETATION, (const Image *))                               \
    X(vips_image_hasalpha, int, (Image *))                                                                  \
    X(vips_image_get_typeof, VT_GTYPE, (const Image *, const char *))                                       \
    X(vips_image_get_int, int, (const Image *, const char *, int *))                                        \
    X(vips_image_get_string, int, (const Image *, const char *, const char **))                             \
    X(vips_image_get_blob, int, (const Image *, const char *, const void **, size_t *))                     \
    X(vips_image_set_int, void, (Image *, const char *, int))                                               \
    X(vips_image_set_string, void, (Image *, const char *, const char *))                                   \
    X(g_object_unref, void, (void *))                                                                       \
    X(g_free, void, (void *))

#define VT_POINTER(name, result, parameters) static result(*p_##name) parameters;
VT_FUNCTIONS(VT_POINTER)

#ifdef VT_CHECK_HEADERS
#define VT_CHECK(name, result, parameters)                                                                 \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), __typeof__(p_##name)),                  \
                   #name " is declared differently in libvips' headers");
VT_FUNCTIONS(VT_CHECK)
#endif

static char load_error[512];

/// The shared object's name where the dynamic linker looks for it: libvips 8's ABI (soname 42).
#ifdef __APPLE__
#define VT_LIBVIPS "libvips.42.dylib"
#else
#define VT_LIBVIPS "libvips.so.42"
#endif

int vt_load(const char *argv0) {
    // Global, as a linked libvips would be: the loaders it opens as modules (HEIF, PDF, …) link it too.
    void *library = dlopen(VT_LIBVIPS, RTLD_NOW | RTLD_GLOBAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load %s: %s", VT_LIBVIPS, reason ? reason : "unknown error");
        return -1;
    }
#define VT_RESOLVE(name, result, parameters)                                                               \
    p_##name = (result(*) parameters)dlsym(library, #name);                                                 \
    if (!p_##name) {                                                                                        \
        snprintf(load_error, sizeof load_error, "%s has no %s", VT_LIBVIPS, #name);                         \
        return -1;                                                                                          \
    }
    VT_FUNCTIONS(VT_RESOLVE)
    int guarded = vt_orc_guard_install();
    if (p_vips_init(argv0) != 0) {
        snprintf(load_error, sizeof load_error, "vips_init failed: %s", p_vips_error_buffer());
        return -1;
    }
    // Without the lock, ORC's code generation is not safe on more than one thread (OrcGuard.c).
    if (!guarded) p_vips_vector_set_enabled(0);
    return 0;
}

const char *vt_load_error(void) { return load_error; }

void vt_limit_malloc_arenas(int count) {
#ifdef __GLIBC__
    mallopt(M_ARENA_MAX, count);
#else
    (void)count;
#endif
}

void vt_cache_set_max(int max) { p_vips_cache_set_max(max); }
void vt_cache_set_max_mem(size_t max) { p_vips_cache_set_max_mem(max); }
const char *vt_error_buffer(void) { return p_vips_error_buffer(); }
void vt_error_clear(void) { p_vips_error_clear(); }
char *vt_error_take(void) { return p_vips_error_buffer_copy(); }

VtSource *vt_source_new_from_file(const char *path) { return p_vips_source_new_from_file(path); }
const char *vt_find_load_source(VtSource *source) { return p_vips_foreign_find_load_source(source); }
VtImage *vt_image_new_from_source(VtSource *source) { return p_vips_image_new_from_source(source, "", NULL); }

VtImage *vt_image_new_from_buffer(const void *buf, size_t len) {
    return p_vips_image_new_from_buffer(buf, len, "", NULL);
}

VtImage *vt_image_new_from_memory_copy(const void *data, size_t size, int width, int height, int bands,
                                       VtBandFormat format) {
    return p_vips_image_new_from_memory_copy(data, size, width, height, bands, (VT_ENUM_FORMAT)format);
}

int vt_thumbnail_source(VtSource *source, VtImage **out, int width, int height) {
    return p_vips_thumbnail_source(source, out, width, "height", height, "size", VT_SIZE_DOWN, "export_profile",
                                   "srgb", "option_string", "fail_on=truncated", NULL);
}

int vt_thumbnail_source_untagged(VtSource *source, VtImage **out, int width, int height) {
    return p_vips_thumbnail_source(source, out, width, "height", height, "size", VT_SIZE_DOWN, "option_string",
                                   "fail_on=truncated", NULL);
}

int vt_thumbnail_image(VtImage *in, VtImage **out, int width, int height) {
    return p_vips_thumbnail_image(in, out, width, "height", height, "size", VT_SIZE_DOWN, NULL);
}

int vt_colourspace(VtImage *in, VtImage **out, VtInterpretation space) {
    return p_vips_colourspace(in, out, (VT_ENUM_INTERPRETATION)space, NULL);
}

int vt_cast(VtImage *in, VtImage **out, VtBandFormat format) { return p_vips_cast(in, out, (VT_ENUM_FORMAT)format, NULL); }

int vt_flatten(VtImage *in, VtImage **out, double background) {
    double rgb[3] = {background, background, background};
    VT_ARRAY_DOUBLE *bg = p_vips_array_double_new(rgb, 3);
    int result = p_vips_flatten(in, out, "background", bg, NULL);
    // A VipsArrayDouble begins with its VipsArea (libvips' VIPS_AREA cast).
    p_vips_area_unref((VT_AREA *)bg);
    return result;
}

int vt_addalpha(VtImage *in, VtImage **out) { return p_vips_addalpha(in, out, NULL); }

int vt_extract_bands(VtImage *in, VtImage **out, int band, int n) {
    return p_vips_extract_band(in, out, band, "n", n, NULL);
}

int vt_copy_interpretation(VtImage *in, VtImage **out, VtInterpretation interpretation) {
    return p_vips_copy(in, out, "interpretation", interpretation, NULL);
}

int vt_resize(VtImage *in, VtImage **out, double hscale, double vscale) {
    return p_vips_resize(in, out, hscale, "vscale", vscale, NULL);
}

int vt_gaussnoise(VtImage **out, int width, int height, double sigma) {
    return p_vips_gaussnoise(out, width, height, "sigma", sigma, "mean", 0.0, NULL);
}

int vt_add(VtImage *left, VtImage *right, VtImage **out) { return p_vips_add(left, right, out, NULL); }
VtImage *vt_image_copy_memory(VtImage *image) { return p_vips_image_copy_memory(image); }

int vt_write_to_buffer(VtImage *in, const char *suffix, void **buf, size_t *size) {
    return p_vips_image_write_to_buffer(in, suffix, buf, size, NULL);
}

int vt_write_to_file(VtImage *in, const char *name) { return p_vips_image_write_to_file(in, name, NULL); }
void *vt_write_to_memory(VtImage *in, size_t *size) { return p_vips_image_write_to_memory(in, size); }

int vt_image_get_width(const VtImage *image) { return p_vips_image_get_width(image); }
int vt_image_get_height(const VtImage *image) { return p_vips_image_get_height(image); }
int vt_image_get_bands(const VtImage *image) { return p_vips_image_get_bands(image); }
VtBandFormat vt_image_get_format(const VtImage *image) { return (VtBandFormat)p_vips_image_get_format(image); }

VtInterpretation vt_image_get_interpretation(const VtImage *image) {
    return (VtInterpretation)p_vips_image_get_interpretation(image);
}

int vt_image_hasalpha(VtImage *image) { return p_vips_image_hasalpha(image); }
int vt_image_has_field(const VtImage *image, const char *name) { return p_vips_image_get_typeof(image, name) != 0; }

int vt_image_get_int(const VtImage *image, const char *name, int *out) {
    return p_vips_image_get_int(image, name, out);
}

int vt_image_get_string(const VtImage *image, const char *name, const char **out) {
    return p_vips_image_get_string(image, name, out);
}

int vt_image_get_blob(const VtImage *image, const char *name, const void **data, size_t *length) {
    return p_vips_image_get_blob(image, name, data, length);
}

void vt_image_set_int(VtImage *image, const char *name, int value) { p_vips_image_set_int(image, name, value); }

void vt_image_set_string(VtImage *image, const char *name, const char *value) {
    p_vips_image_set_string(image, name, value);
}

void vt_image_unref(VtImage *image) {
    if (image) p_g_object_unref(image);
}

void vt_source_unref(VtSource *source) {
    if (source) p_g_object_unref(source);
}

void vt_free(void *memory) { p_g_free(memory); }

int vt_vector_enabled(void) { return p_vips_vector_isenabled(); }
