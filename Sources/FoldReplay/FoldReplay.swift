/// Replays FoldTrace traces into LayoutCore. (Being built: issue 5.)
public enum FoldReplay {}
