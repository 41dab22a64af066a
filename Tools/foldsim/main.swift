print("foldsim: not built yet")
