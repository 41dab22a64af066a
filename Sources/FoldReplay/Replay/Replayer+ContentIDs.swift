import FoldTrace
import LayoutCore

extension Replayer {
  /// Reports ``ReplayRecord/unknownContentID(_:)`` when `id` names no item of the content model.
  ///
  /// - Complexity: O(1) expected, after O(n) once for the model's n items.
  mutating func checkContentID<Sink: ReplaySink>(
    _ id: String?, _ kind: UnknownContentID.Kind, scene: SceneID, eventIndex: Int, into sink: inout Sink
  ) {
    guard let id else { return }
    if contentIDs == nil { contentIDs = Set(configuration.content.items.map(\.id)) }
    guard !contentIDs!.contains(id) else { return }
    sink.receive(
      .unknownContentID(
        UnknownContentID(scene: scene, time: time, eventIndex: eventIndex, kind: kind, id: id)))
  }
}
