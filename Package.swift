// swift-tools-version: 6.0
// FoldTrace: record, replay and assert the layout of apps on foldables and freely resizable windows.
// Dependencies run one way: LayoutCore (the framework an app's layout links) imports none of our
// modules; ReferenceScreen (the example app) imports LayoutCore alone; FoldTrace and FoldSim ("the system")
// never import LayoutCore; FoldReplay joins FoldTrace and LayoutCore; FoldSimApp ("the app": a layout
// and its animator replayed on FoldSim's session, for the app's recorded output) joins FoldSim, FoldReplay
// and ReferenceScreen, and only the foldsim executable links it; no executable links FoldReplayTesting.
import PackageDescription

// libzstd: Debian's libzstd-dev through pkg-config on Linux (installed by Tools/setup); on Apple
// platforms, where no system libzstd exists for iOS, the library product of zstd's own Swift package,
// wrapped by a C target of the same module name so the Swift code is the same everywhere. These
// machines build Linux only: the Apple branch is written to zstd's manifest, not built here.
#if os(macOS) || os(iOS)
  let zstdPackages: [Package.Dependency] = [
    .package(url: "https://github.com/facebook/zstd.git", from: "1.5.6")
  ]
  let zstdTarget: Target = .target(
    name: "CZstd", dependencies: [.product(name: "libzstd", package: "zstd")], path: "Sources/CZstdApple")
#else
  let zstdPackages: [Package.Dependency] = []
  let zstdTarget: Target = .systemLibrary(
    name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])])
#endif

let package = Package(
  name: "FoldTrace",
  // Mutex and Atomic (Synchronization), which SessionRecorder uses, need iOS 18 / macOS 15.
  // Every API the sources use must be available at these targets; Linux does not enforce availability,
  // so each one is checked in the toolchain's Swift.swiftinterface. Span and MutableSpan are back-deployed
  // (Xcode bundles libswiftCompatibilitySpan), and so are ArraySlice's and ContiguousArray's span and
  // mutableSpan; Array's span and mutableSpan, String's utf8Span, UTF8Span and InlineArray are macOS 26 /
  // iOS 26. So: a mutable span over ContiguousArray storage, a read-only one through a slice
  // (`let slice = array[...]`, then `slice.span`), and String's bytes through its UTF8View.
  // Tests/LayoutCoreTests/DeploymentTargetTests bans the spellings text alone can find.
  platforms: [.macOS(.v15), .iOS(.v18), .macCatalyst(.v18)],
  products: [
    .library(name: "FoldTrace", targets: ["FoldTrace"]),
    .library(name: "LayoutCore", targets: ["LayoutCore"]),
    .library(name: "ReferenceScreen", targets: ["ReferenceScreen"]),
    .library(name: "FoldReplay", targets: ["FoldReplay"]),
    .library(name: "FoldReplayTesting", targets: ["FoldReplayTesting"]),
    .library(name: "FoldSim", targets: ["FoldSim"]),
    .library(name: "FoldSimApp", targets: ["FoldSimApp"]),
    .executable(name: "tracecat", targets: ["tracecat"]),
    .executable(name: "foldsim", targets: ["foldsim"]),
    .executable(name: "tracebench", targets: ["tracebench"]),
  ],
  dependencies: zstdPackages,
  targets: [
    zstdTarget,
    .target(name: "FoldTrace", dependencies: ["CZstd"]),
    .target(name: "LayoutCore"),
    .target(name: "ReferenceScreen", dependencies: ["LayoutCore"]),
    .target(name: "FoldReplay", dependencies: ["FoldTrace", "LayoutCore"]),
    .target(name: "FoldReplayTesting", dependencies: ["FoldReplay", "FoldTrace", "LayoutCore"]),
    .target(name: "FoldSim", dependencies: ["FoldTrace"]),
    .target(
      name: "FoldSimApp",
      dependencies: ["FoldSim", "FoldReplay", "FoldTrace", "LayoutCore", "ReferenceScreen"]),
    .executableTarget(
      name: "tracecat", dependencies: ["FoldTrace", "FoldReplay", "LayoutCore", "ReferenceScreen"],
      path: "Tools/tracecat"),
    .executableTarget(
      name: "foldsim", dependencies: ["FoldSim", "FoldSimApp", "FoldTrace"], path: "Tools/foldsim"),
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
    .testTarget(
      name: "FoldTraceTests", dependencies: ["FoldTrace", "CZstd", "TestSupport"], exclude: ["__Goldens__"]),
    // What every test target shares: seeded generators, the guide's device contexts, the child-process
    // runner.
    .target(
      name: "TestSupport", dependencies: ["LayoutCore", "FoldSim", "FoldTrace", "CZstd"],
      path: "Tests/TestSupport"),
    .testTarget(name: "LayoutCoreTests", dependencies: ["LayoutCore", "FoldSim", "TestSupport"]),
    .testTarget(
      name: "ReferenceScreenTests", dependencies: ["ReferenceScreen", "LayoutCore", "FoldSim", "TestSupport"]),
    .testTarget(
      name: "FoldReplayTests",
      dependencies: [
        "FoldReplay", "FoldReplayTesting", "FoldSim", "FoldTrace", "LayoutCore", "ReferenceScreen",
        "TestSupport",
      ],
      exclude: ["__Goldens__"]),
    // The example of the main use: an app's own layout module, which links LayoutCore alone, and the
    // tests that replay the corpus and a FoldSim session through it.
    .target(name: "MailboxLayout", dependencies: ["LayoutCore"], path: "Tests/ExampleApp/MailboxLayout"),
    .testTarget(
      name: "ExampleAppTests",
      dependencies: [
        "MailboxLayout", "FoldReplay", "FoldReplayTesting", "FoldSim", "FoldTrace", "LayoutCore",
      ]),
    .testTarget(
      name: "FoldSimTests", dependencies: ["FoldSim", "FoldTrace", "TestSupport"], exclude: ["__Goldens__"]),
    .testTarget(
      name: "FoldSimAppTests",
      dependencies: [
        "FoldSimApp", "FoldSim", "FoldReplay", "FoldReplayTesting", "FoldTrace", "LayoutCore",
        "ReferenceScreen",
      ]),
    .testTarget(
      name: "ToolsTests",
      // tracecat is linked for the few pieces tested in process (its progress line, drawn only on a
      // terminal); everything else runs the built executable.
      dependencies: [
        "tracecat", "FoldTrace", "FoldReplay", "FoldReplayTesting", "LayoutCore", "ReferenceScreen",
        "TestSupport",
      ],
      exclude: ["__Goldens__"]),
  ],
  swiftLanguageModes: [.v6]
)
