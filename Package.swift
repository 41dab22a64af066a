// swift-tools-version: 6.0
// FoldTrace: record, replay and assert the layout of apps on foldables and freely resizable windows.
// Dependencies run one way: LayoutCore (the framework an app's layout links) imports none of our
// modules; ReferenceScreen (the example app) imports LayoutCore alone; FoldTrace and FoldSim never import
// LayoutCore; FoldReplay joins FoldTrace and LayoutCore; no executable links FoldReplayTesting.
import PackageDescription

let package = Package(
  name: "FoldTrace",
  products: [
    .library(name: "FoldTrace", targets: ["FoldTrace"]),
    .library(name: "LayoutCore", targets: ["LayoutCore"]),
    .library(name: "ReferenceScreen", targets: ["ReferenceScreen"]),
    .library(name: "FoldReplay", targets: ["FoldReplay"]),
    .library(name: "FoldReplayTesting", targets: ["FoldReplayTesting"]),
    .library(name: "FoldSim", targets: ["FoldSim"]),
    .executable(name: "tracecat", targets: ["tracecat"]),
    .executable(name: "foldsim", targets: ["foldsim"]),
    .executable(name: "tracebench", targets: ["tracebench"]),
  ],
  targets: [
    .systemLibrary(
      name: "CZstd",
      pkgConfig: "libzstd",
      providers: [.apt(["libzstd-dev"])]
    ),
    .target(name: "FoldTrace", dependencies: ["CZstd"]),
    .target(name: "LayoutCore"),
    .target(name: "ReferenceScreen", dependencies: ["LayoutCore"]),
    .target(name: "FoldReplay", dependencies: ["FoldTrace", "LayoutCore"]),
    .target(name: "FoldReplayTesting", dependencies: ["FoldReplay", "FoldTrace", "LayoutCore"]),
    .target(name: "FoldSim", dependencies: ["FoldTrace"]),
    .executableTarget(
      name: "tracecat", dependencies: ["FoldTrace", "FoldReplay", "LayoutCore", "ReferenceScreen"],
      path: "Tools/tracecat"),
    .executableTarget(name: "foldsim", dependencies: ["FoldSim", "FoldTrace"], path: "Tools/foldsim"),
    .executableTarget(
      name: "crashrecorder", dependencies: ["FoldSim", "FoldTrace"], path: "Tools/crashrecorder"),
    // tracebench counts heap allocations by defining malloc in its executable (Tools/tracebench/
    // CAllocationCounter); --export-dynamic lets the Swift runtime and libzstd resolve malloc to it.
    .target(name: "CAllocationCounter", path: "Tools/tracebench/CAllocationCounter"),
    .executableTarget(
      name: "tracebench",
      dependencies: [
        "FoldTrace", "FoldReplay", "FoldSim", "LayoutCore", "ReferenceScreen", "CZstd", "CAllocationCounter",
      ],
      path: "Tools/tracebench", exclude: ["CAllocationCounter"],
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),
    .testTarget(name: "FoldTraceTests", dependencies: ["FoldTrace", "CZstd"], exclude: ["__Goldens__"]),
    // What every test target shares: seeded generators and the guide's device contexts.
    .target(name: "TestSupport", dependencies: ["LayoutCore", "FoldSim"], path: "Tests/TestSupport"),
    .testTarget(name: "LayoutCoreTests", dependencies: ["LayoutCore", "FoldSim", "TestSupport"]),
    .testTarget(
      name: "ReferenceScreenTests", dependencies: ["ReferenceScreen", "LayoutCore", "FoldSim", "TestSupport"]),
    .testTarget(
      name: "FoldReplayTests",
      dependencies: [
        "FoldReplay", "FoldReplayTesting", "FoldSim", "FoldTrace", "LayoutCore", "ReferenceScreen",
      ],
      exclude: ["__Goldens__"]),
    .testTarget(name: "FoldSimTests", dependencies: ["FoldSim", "FoldTrace"]),
    .testTarget(
      name: "ToolsTests", dependencies: ["FoldTrace", "FoldReplay", "LayoutCore", "ReferenceScreen"],
      exclude: ["__Goldens__"]),
  ],
  swiftLanguageModes: [.v6]
)
