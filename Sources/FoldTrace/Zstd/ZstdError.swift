import CZstd

/// An error reported by libzstd, as a code with a readable name.
///
/// Built like swift-system's `Errno`: a `RawRepresentable` struct with one documented static member per
/// code FoldTrace meets, so new libzstd codes never break a `switch`.
public struct ZstdError: RawRepresentable, Error, Sendable, Hashable, CustomStringConvertible {
  /// The libzstd error code (`ZSTD_ErrorCode`).
  public var rawValue: Int32

  /// Creates an error from a libzstd error code.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The error carried by a `size_t` that `ZSTD_isError` flags.
  init(result: Int) {
    self.rawValue = Int32(truncatingIfNeeded: ZSTD_getErrorCode(result).rawValue)
  }

  /// An unspecified failure. The corresponding C error is `ZSTD_error_GENERIC`.
  public static let generic = ZstdError(rawValue: 1)
  /// The input does not start with a zstd magic number. The corresponding C error is
  /// `ZSTD_error_prefix_unknown`.
  public static let prefixUnknown = ZstdError(rawValue: 10)
  /// The frame uses a parameter this libzstd does not support. The corresponding C error is
  /// `ZSTD_error_frameParameter_unsupported`.
  public static let frameParameterUnsupported = ZstdError(rawValue: 14)
  /// The frame needs a window larger than the reader allows (`ZSTD_d_windowLogMax`). The corresponding C
  /// error is `ZSTD_error_frameParameter_windowTooLarge`.
  public static let windowTooLarge = ZstdError(rawValue: 16)
  /// The compressed data is damaged. The corresponding C error is `ZSTD_error_corruption_detected`.
  public static let corruptionDetected = ZstdError(rawValue: 20)
  /// The decompressed content does not match the frame's checksum. The corresponding C error is
  /// `ZSTD_error_checksum_wrong`.
  public static let checksumWrong = ZstdError(rawValue: 22)
  /// A literals section header is invalid. The corresponding C error is `ZSTD_error_literals_headerWrong`.
  public static let literalsHeaderWrong = ZstdError(rawValue: 24)
  /// A parameter value is out of range. The corresponding C error is `ZSTD_error_parameter_outOfBound`.
  public static let parameterOutOfBound = ZstdError(rawValue: 42)
  /// libzstd could not allocate memory. The corresponding C error is `ZSTD_error_memory_allocation`.
  public static let memoryAllocation = ZstdError(rawValue: 64)
  /// The destination buffer is too small. The corresponding C error is `ZSTD_error_dstSize_tooSmall`.
  public static let dstSizeTooSmall = ZstdError(rawValue: 70)
  /// The source size does not match the declared content size. The corresponding C error is
  /// `ZSTD_error_srcSize_wrong`.
  public static let srcSizeWrong = ZstdError(rawValue: 72)

  /// libzstd's own description (`ZSTD_getErrorString`).
  public var description: String {
    guard let text = ZSTD_getErrorString(ZSTD_ErrorCode(rawValue: UInt32(bitPattern: rawValue))) else {
      return "zstd error \(rawValue)"
    }
    return "zstd: " + String(cString: text)
  }
}

/// Returns `result`, or throws the ``ZstdError`` it encodes. Every libzstd call returning `size_t` goes
/// through here.
@inline(__always)
func zstdCheck(_ result: Int) throws(ZstdError) -> Int {
  if ZSTD_isError(result) != 0 { throw ZstdError(result: result) }
  return result
}
