// Intentionally empty: a C target needs one source file; CZstd only re-exports libzstd's headers.
