// The C APIs of Tesseract and Leptonica, as installed by scripts/setup.sh (pkg-config: tesseract,
// lept). Only the VisionRequests module imports this.
#pragma once
#include <dlfcn.h>
#include <locale.h>
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>

/// A new "C" locale for every category, for `uselocale` around Tesseract's calls; glibc's
/// `LC_ALL_MASK` is a macro Swift cannot import. Free it with `freelocale`.
static inline locale_t _Nullable fm_tesseract_new_c_locale(void) {
    return newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

/// Makes OpenMP run every parallel region that the calling thread starts on that thread alone.
///
/// Debian's Tesseract is built with OpenMP, and libgomp reads `OMP_THREAD_LIMIT` when it is
/// loaded, at process start, so setting the variable from Swift comes too late. Tesseract's LSTM
/// asks for a fixed team size (`num_threads`), which `omp_set_num_threads` cannot lower; a maximum
/// of zero active levels, set in the calling thread's own data environment, does. Looked up with
/// `dlsym` so that a Tesseract built without OpenMP needs nothing. Returns 1 when it was applied.
static inline int fm_tesseract_limit_openmp_to_calling_thread(void) {
    void (*set_levels)(int) = (void (*)(int))dlsym((void *)0 /* RTLD_DEFAULT, which needs _GNU_SOURCE */, "omp_set_max_active_levels");
    if (set_levels == 0) return 0;
    set_levels(0);
    return 1;
}
