// CZstd on Apple platforms: the same shim as Sources/CZstd/shim.h, over libzstd built from zstd's own
// Swift package (no system libzstd on iOS). FoldTrace uses only the stable API plus the
// frame-inspection helpers that zstd.h exposes under ZSTD_STATIC_LINKING_ONLY.
#ifndef FOLDTRACE_CZSTD_APPLE_H
#define FOLDTRACE_CZSTD_APPLE_H
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>
#include <zstd_errors.h>
#endif
