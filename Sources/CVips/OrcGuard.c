// One lock around liborc's code generation, so libvips can run ORC's vector code on any number of threads.
//
// liborc 0.4.33 (Debian 12) hands out executable memory from a list of chunks that `orc_program_compile`
// splits and `orc_program_free` merges without a lock (orc/orccodemem.c takes its mutex only to find a
// chunk, then splits it unlocked). Two threads compiling, or one compiling while another frees, can take
// the same chunk or corrupt the list, and the process crashes. libvips compiles and frees a few programs in
// every resize, on whichever thread renders. The two definitions below take libvips' calls first, because
// each executable exports them (Package.swift) and the executable comes first in symbol lookup, and run
// them one at a time. A program's compiled code is only read afterwards, so running it needs no lock.
#include "CVips.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>

/// liborc's soname: the ABI libvips 8 links.
#define VT_LIBORC "liborc-0.4.so.0"
/// ORC_COMPILE_RESULT_UNKNOWN_COMPILE: libvips then runs its plain C loop for that operation.
#define VT_ORC_COMPILE_FAILED 0x100

static pthread_mutex_t orc_lock = PTHREAD_MUTEX_INITIALIZER;
static int (*real_compile)(void *);
static void (*real_free)(void *);
static atomic_long guarded_calls;

__attribute__((visibility("default"))) int orc_program_compile(void *program) {
    if (!real_compile) return VT_ORC_COMPILE_FAILED;
    pthread_mutex_lock(&orc_lock);
    int result = real_compile(program);
    pthread_mutex_unlock(&orc_lock);
    atomic_fetch_add(&guarded_calls, 1);
    return result;
}

__attribute__((visibility("default"))) void orc_program_free(void *program) {
    if (!real_free) return;
    pthread_mutex_lock(&orc_lock);
    real_free(program);
    pthread_mutex_unlock(&orc_lock);
    atomic_fetch_add(&guarded_calls, 1);
}

int vt_orc_guard_install(void) {
    void *orc = dlopen(VT_LIBORC, RTLD_NOW | RTLD_NOLOAD);
    if (!orc) return 0;
    real_compile = (int (*)(void *))dlsym(orc, "orc_program_compile");
    real_free = (void (*)(void *))dlsym(orc, "orc_program_free");
    // Whoever resolves these names through the process's global scope, as libvips did when it was
    // loaded, must reach the definitions above; otherwise this executable does not export them.
    int bound = dlsym(RTLD_DEFAULT, "orc_program_compile") == (void *)orc_program_compile &&
                dlsym(RTLD_DEFAULT, "orc_program_free") == (void *)orc_program_free;
    return bound && real_compile && real_free;
}

long vt_orc_guarded_calls(void) { return atomic_load(&guarded_calls); }
