// The C names Embedded Swift's runtime allocates through, forwarded to the
// engine's own heap (Sources/GalleryEngine/Wasm/WasmHeap.swift) in place of
// wasi-libc's dlmalloc. Swift reserves `free` for its runtime, so the names
// are defined here rather than with @_cdecl.
#include <stddef.h>

int vitrine_heap_allocate(void **result, size_t alignment, size_t size);
void vitrine_heap_free(void *pointer);

int posix_memalign(void **result, size_t alignment, size_t size) {
    return vitrine_heap_allocate(result, alignment, size);
}

void free(void *pointer) { vitrine_heap_free(pointer); }
