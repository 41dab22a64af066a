import FoldSim
import FoldTrace
import Foundation
import Testing

/// The guide's fixed cases (LayoutCore's LayoutRules, "Case matrix"): size classes and wideness come from
/// each profile's system model.
struct DeviceProfileTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var profile: DeviceProfile
    var start: Scenario.Start
    var h: UserInterfaceSizeClass
    var v: UserInterfaceSizeClass
    var shape: String
    var testDescription: String { name }
  }

  static func start(
    _ orientation: Orientation, hinge: Double? = nil, mode: Scenario.Mode = .automatic
  ) -> Scenario.Start {
    var s = Scenario.Start()
    s.orientation = orientation
    s.hinge = hinge
    s.mode = mode
    return s
  }

  static let cases: [Case] = [
    Case(
      name: "iPhone portrait", profile: .iPhone, start: start(.portrait), h: .compact, v: .regular,
      shape: "compactTall"),
    Case(
      name: "iPhone landscape", profile: .iPhone, start: start(.landscape), h: .compact, v: .compact,
      shape: "compactShort"),
    Case(
      name: "Pro Max landscape", profile: .iPhoneProMax, start: start(.landscape), h: .regular, v: .compact,
      shape: "regularShort"),
    Case(
      name: "Pro Max portrait", profile: .iPhoneProMax, start: start(.portrait), h: .compact, v: .regular,
      shape: "compactTall"),
    Case(
      name: "Duo external portrait", profile: .iPhoneDuo, start: start(.portrait), h: .compact, v: .regular,
      shape: "compactTall"),
    Case(
      name: "Duo external landscape", profile: .iPhoneDuo, start: start(.landscape), h: .compact, v: .compact,
      shape: "compactShort"),
    Case(
      name: "Duo internal landscape", profile: .iPhoneDuo, start: start(.landscape, hinge: 180), h: .regular,
      v: .regular, shape: "regularWide"),
    Case(
      name: "Duo internal portrait", profile: .iPhoneDuo, start: start(.portrait, hinge: 180), h: .regular,
      v: .regular, shape: "regularTall"),
    Case(
      name: "iPad 11 portrait", profile: .iPad11, start: start(.portrait), h: .regular, v: .regular,
      shape: "regularTall"),
    Case(
      name: "iPad 11 landscape", profile: .iPad11, start: start(.landscape), h: .regular, v: .regular,
      shape: "regularWide"),
    Case(
      name: "iPad 13 landscape", profile: .iPad13, start: start(.landscape), h: .regular, v: .regular,
      shape: "regularWide"),
    Case(
      name: "iPad 11 Slide Over", profile: .iPad11, start: start(.landscape, mode: .slideOver), h: .compact,
      v: .regular, shape: "compactTall"),
    Case(
      name: "iPad 13 Slide Over", profile: .iPad13, start: start(.portrait, mode: .slideOver), h: .compact,
      v: .regular, shape: "compactTall"),
    Case(
      name: "iPad 11 split 1/3", profile: .iPad11,
      start: start(.landscape, mode: .split(side: .left, width: .oneThird)), h: .compact, v: .regular,
      shape: "compactTall"),
    Case(
      name: "iPad 11 split 1/2", profile: .iPad11,
      start: start(.landscape, mode: .split(side: .left, width: .half)), h: .compact, v: .regular,
      shape: "compactTall"),
    Case(
      name: "iPad 11 split 2/3", profile: .iPad11,
      start: start(.landscape, mode: .split(side: .right, width: .twoThirds)), h: .regular, v: .regular,
      shape: "regularTall"),
    Case(
      name: "iPad 13 split 1/2", profile: .iPad13,
      start: start(.landscape, mode: .split(side: .left, width: .half)), h: .regular, v: .regular,
      shape: "regularTall"),
    Case(
      name: "iPad 13 portrait split 2/3", profile: .iPad13,
      start: start(.portrait, mode: .split(side: .left, width: .twoThirds)), h: .compact, v: .regular,
      shape: "compactTall"),
    Case(
      name: "Duo Split View", profile: .iPhoneDuo,
      start: start(.landscape, hinge: 180, mode: .split(side: .left, width: .half)), h: .compact, v: .regular,
      shape: "compactTall"),
    Case(
      name: "Catalyst small window", profile: .macCatalyst,
      start: start(.landscape, mode: .window(TraceSize(width: 320, height: 480))), h: .regular, v: .regular,
      shape: "regularTall"),
    Case(
      name: "Mirroring wide short", profile: .iPhoneMirroring,
      start: start(.portrait, mode: .window(TraceSize(width: 900, height: 400))), h: .regular, v: .compact,
      shape: "regularShort"),
    Case(
      name: "Mirroring initial", profile: .iPhoneMirroring, start: start(.portrait), h: .compact, v: .regular,
      shape: "compactTall"),
  ]

  @Test(arguments: cases)
  func sizeClassesFollowTheGuide(_ c: Case) throws {
    let events = try play(c.profile, start: c.start, [])
    let g = try #require(lastGeometry(events))
    #expect(g.horizontal == c.h)
    #expect(g.vertical == c.v)
    #expect(shape(g) == c.shape)
  }

  @Test func publishedSizesAreTheIssuesNumbers() {
    #expect(DeviceProfile.iPhone.primary.portraitSize.value == TraceSize(width: 393, height: 852))
    #expect(DeviceProfile.iPhoneProMax.primary.portraitSize.value == TraceSize(width: 440, height: 956))
    #expect(DeviceProfile.iPad11.primary.portraitSize.value == TraceSize(width: 820, height: 1180))
    #expect(DeviceProfile.iPad13.primary.portraitSize.value == TraceSize(width: 1032, height: 1376))
    #expect(!DeviceProfile.iPhone.primary.portraitSize.source.isAssumption)
    #expect(DeviceProfile.iPhoneDuo.primary.portraitSize.source.isAssumption)
  }

  @Test func iPadSplitWidthsFollowThePresetRule() {
    let s11 = DeviceProfile.iPad11.multitasking!.split.value
    #expect(s11.landscape == SplitWidths(oneThird: 375, half: 585, twoThirds: 795))
    #expect(s11.portrait.oneThird == 320 && s11.portrait.twoThirds == 490)
    let s13 = DeviceProfile.iPad13.multitasking!.split.value
    #expect(s13.landscape == SplitWidths(oneThird: 375, half: 683, twoThirds: 991))
    #expect(s13.portrait.twoThirds == 647)
  }

  @Test func duoExternalIsWiderAndShorterThanOtherIPhones() {
    let external = DeviceProfile.iPhoneDuo.primary.portraitSize.value
    for phone in [DeviceProfile.iPhone, .iPhoneProMax] {
      #expect(external.width > phone.primary.portraitSize.value.width)
      #expect(external.height < phone.primary.portraitSize.value.height)
    }
  }

  @Test func duoBarsAndRegions() throws {
    // External: bars on the side, camera always active, no division.
    let closed = try play(.iPhoneDuo, [])
    #expect(lastGeometry(closed)?.verticalBarEdge == .trailing)
    #expect(
      lastRegions(closed) == [
        ReservedRegion(
          kind: .occlusion, frame: TraceRect(x: 420, y: 12, width: 44, height: 44), isActive: true)
      ])
    // Internal flat landscape: vertical bars, division zero width and inactive, camera inactive.
    let flat = try play(.iPhoneDuo, start: Self.start(.landscape, hinge: 180), [])
    #expect(lastGeometry(flat)?.verticalBarEdge == .trailing)
    let regions = try #require(lastRegions(flat))
    #expect(regions.first { $0.kind == .division }?.frame.width == 0)
    #expect(regions.allSatisfy { !$0.isActive })
    // Internal portrait: horizontal bars.
    let portrait = try play(.iPhoneDuo, start: Self.start(.portrait, hinge: 180), [])
    #expect(lastGeometry(portrait)?.verticalBarEdge == VerticalBarEdge.none)
  }

  @Test func rightToLeftKeepsDuoBarsOnTheSamePhysicalSide() throws {
    var start = Scenario.Start()
    start.traits.layoutDirection = .rightToLeft
    let g = try #require(lastGeometry(try play(.iPhoneDuo, start: start, [])))
    #expect(g.verticalBarEdge == .leading)
    #expect(g.safeArea.leading == 72 && g.safeArea.trailing == 0)
  }

  @Test func everyProfileIsListedOnceById() {
    let ids = DeviceProfile.all.map(\.id)
    #expect(Set(ids).count == ids.count)
    #expect(DeviceProfile.named("iphone-duo")?.name == "iPhone Duo")
    #expect(DeviceProfile.named("nope") == nil)
  }
}

/// The *Device Profiles* article lists every metric of every profile with its current value and source.
struct DeviceProfilesArticleTests {
  @Test func everyMetricIsDocumentedWithItsSource() throws {
    let url = CorpusTests.root.appendingPathComponent("Sources/FoldSim/FoldSim.docc/DeviceProfiles.md")
    let article = try String(contentsOf: url, encoding: .utf8)
    var count = 0
    for profile in DeviceProfile.all {
      #expect(article.contains("Scenario id: `\(profile.id)`."))
      for metric in profile.metrics {
        count += 1
        let source: String
        switch metric.source {
        case .published(let text): source = text
        case .assumption(let text): source = "**Assumption:** " + text
        }
        let row = "| \(metric.name) | \(metric.value.replacingOccurrences(of: "|", with: "/")) | \(source) |"
        #expect(
          article.contains(row), "DeviceProfiles.md lacks \(profile.id) \(metric.section) \(metric.name)")
      }
    }
    #expect(count > 70)
    let assumptions = DeviceProfile.all.flatMap(\.metrics).filter(\.source.isAssumption).count
    #expect(assumptions > 20 && assumptions < count)
  }
}
