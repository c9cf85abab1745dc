import Foundation

/// The wall clock as the catalog stores times: whole milliseconds since 1970, UTC.
public enum EpochMilliseconds {
    public static var now: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}
