// System-library shim for libzstd (Debian: libzstd-dev). FoldTrace uses only the stable API
// plus the frame-inspection helpers that zstd.h exposes under ZSTD_STATIC_LINKING_ONLY.
#ifndef FOLDTRACE_CZSTD_SHIM_H
#define FOLDTRACE_CZSTD_SHIM_H
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>
#include <zstd_errors.h>
#endif
