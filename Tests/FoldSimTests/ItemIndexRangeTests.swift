import FoldSim
import FoldTrace
import Testing

/// Item ids in scenarios are bounded: `"item-9223372036854775807"` used to trap (SIGILL) when the scroll
/// offset it produced was turned back into an anchor id.
struct ItemIndexRangeTests {
  func scenario(_ item: String, gesture: String = #""gesture": "scroll", "to""#) -> String {
    """
    {"device": "iphone", "seed": 1,
     "timeline": [{\(gesture): "\(item)"}]}
    """
  }

  @Test(arguments: ["item-9223372036854775807", "item-1000001"])
  func hugeItemIndicesAreRefusedWithTheirField(_ item: String) throws {
    do {
      _ = try Scenario.parse(scenario(item), file: "huge.json").events()
      Issue.record("expected a scenario error")
    } catch {
      let n = item.dropFirst(5)
      #expect(error.description == "huge.json:2:43: timeline[0].to: item \(n) is out of range 0…1000000")
    }
  }

  @Test func selectingAHugeItemIsRefusedToo() throws {
    do {
      _ = try Scenario.parse(
        scenario("item-2000000", gesture: #""gesture": "select", "item""#), file: "s.json")
      Issue.record("expected a scenario error")
    } catch {
      #expect(error.field == "timeline[0].item")
      #expect(error.message == "item 2000000 is out of range 0…1000000")
    }
  }

  @Test func theLargestItemIndexPlays() throws {
    let events = try Scenario.parse(scenario("item-1000000"), file: "max.json").events()
    let anchors = events.compactMap { event -> String? in
      if case .scroll(_, let offset, let anchor, _) = event.payload, offset.y == 88_000_000 { return anchor }
      return nil
    }
    #expect(anchors == ["item-1000000"])
  }
}
