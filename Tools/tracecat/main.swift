print("tracecat: not built yet")
