print("tracebench: not built yet")
