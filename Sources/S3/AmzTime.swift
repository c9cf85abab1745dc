import VitrineCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request time in SigV4's two forms, `20150830T123600Z` and `20150830`: the ISO-8601 UTC text of
/// `TimestampFormatter` (no date formatter needed for UTC) without its separators.
public struct AmzTime: Sendable, Equatable {
    public let amzDate: String
    public var dateStamp: String { String(amzDate.prefix(8)) }

    public init(unixSeconds: Int64) {
        let milliseconds = unixSeconds.multipliedReportingOverflow(by: 1000)
        let iso = TimestampFormatter.string(
            milliseconds: milliseconds.overflow ? (unixSeconds < 0 ? .min : .max) : milliseconds.partialValue,
            offsetMinutes: 0)
        amzDate = iso.filter { $0 != "-" && $0 != ":" }
    }

    /// The current time.
    public static func now() -> AmzTime {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return AmzTime(unixSeconds: Int64(spec.tv_sec))
    }
}
