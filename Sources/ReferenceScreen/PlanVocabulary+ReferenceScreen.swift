import LayoutCore

extension PlanVocabulary {
  /// The reference screen's names: panes `sidebar`, `list` and `detail`, bar actions `action.<name>`
  /// and the overflow button `overflow` (``ReferenceScreenLayout``).
  public static let referenceScreen = PlanVocabulary(
    paneIDs: ["sidebar", "list", "detail"], actionIDPrefix: "action.", overflowElementID: "overflow")
}
