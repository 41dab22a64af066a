import FoldTrace
import Testing

/// The writer's rules live in one place, ``TraceEvent/Payload/refusal``: a refusal names the rule and
/// the value as data, and its message is written only when asked for.
@Suite struct EventRefusalTests {
  static let scene = SceneID(1)

  @Test func aRefusalNamesTheRuleAndTheValue() {
    let geometry = SceneGeometry(
      size: TraceSize(width: 10, height: 20),
      safeArea: TraceInsets(top: 0, leading: -2, bottom: 0, trailing: 0),
      horizontal: .compact, vertical: .regular)
    #expect(TraceEvent.Payload.geometry(scene: Self.scene, geometry).refusal == .inset(.leading, -2))
    #expect(
      TraceEvent.Payload.regions(
        scene: Self.scene,
        [ReservedRegion(kind: .division, frame: TraceRect(x: 0, y: 0, width: 1, height: -1), isActive: true)]
      ).refusal == .size(.region(0), TraceSize(width: 1, height: -1)))
    #expect(
      TraceEvent.Payload.hinge(HingeState(status: .partiallyOpen, angle: 361)).refusal == .hingeAngle(361))
    #expect(TraceEvent.Payload.hinge(HingeState(status: .partiallyOpen, angle: 360)).refusal == nil)
    let long = String(repeating: "x", count: 64 * 1024 + 1)
    #expect(TraceEvent.Payload.marker(long).refusal == .string(.label, bytes: 65_537))
    #expect(TraceEvent.Payload.marker(String(long.dropLast())).refusal == nil)
  }

  @Test func theMessageIsTheWritersAndTheRecordersAndTheReadersReason() throws {
    let payload = TraceEvent.Payload.sceneConnected(scene: Self.scene, display: .internal, scale: 0)
    let refusal = try #require(payload.refusal)
    #expect(refusal.description == "display scale 0 is not finite and > 0")
    #expect(TraceEvent(time: 1, payload).validationFailure == refusal.description)
    let writer = try TraceWriter(header: TraceHeader(device: "d", app: "a", recorder: "r"))
    do {
      try writer.append(TraceEvent(time: 1, payload))
      Issue.record("expected the writer to refuse")
    } catch {
      #expect(error.reason == "refused sceneConnected event at 1 ns, scene 1: \(refusal); it was not written")
    }
  }

  /// Values print as a reader writes them (`-1`, not `-1.0`), and an element id that is empty or holds
  /// white space is quoted, so the sentence keeps its words apart.
  @Test func valuesAndIdsReadAsTheyWereWritten() {
    #expect(
      EventRefusal.size(.element(""), TraceSize(width: -1, height: 1)).description
        == "element \"\" size -1 × 1 pt is not finite and ≥ 0")
    #expect(
      EventRefusal.opacity(id: "close button", 1.5).description
        == "element \"close button\" opacity 1.5 is not within 0…1")
    #expect(
      EventRefusal.elementOrigin(id: "item-3", x: .infinity, y: -0.0).description
        == "element item-3 origin (inf, 0) is not finite")
    #expect(EventRefusal.hingeAngle(1e300).description == "hinge angle 1e+300° is not within 0…360")
    #expect(EventRefusal.anchorTop(-.nan).description == "anchorTop nan pt is not finite")
  }
}
