/// "The system": device profiles and gestures that synthesize sessions. (Being built: issue 6.)
public enum FoldSim {}
