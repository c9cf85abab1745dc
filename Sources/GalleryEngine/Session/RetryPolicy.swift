/// How a page request that failed for a transient reason (offline, time-out, 5xx, 429) is tried again,
/// for every gallery client: the web grid and VitrineKit's `GalleryStore`.
///
/// The first retry waits `initialDelay`, each next one twice as long, at most `maximumDelay`: 1 s, 2 s,
/// 4 s, 8 s, 16 s with the defaults. After `retries` failed retries in a row the failure stands (the
/// grid shows it with a button, the store reports it) and nothing is retried until the person asks.
/// A short outage heals on its own within seconds; a long one stops costing requests after half a minute.
public struct RetryPolicy: Equatable, Sendable {
    /// Milliseconds before the first retry.
    public var initialDelay: Double
    /// Milliseconds the wait never exceeds.
    public var maximumDelay: Double
    /// Retries after the first failure before it stands.
    public var retries: Int

    public init(initialDelay: Double = 1000, maximumDelay: Double = 30_000, retries: Int = 5) {
        self.initialDelay = initialDelay.isFinite && initialDelay > 0 ? initialDelay : 0
        self.maximumDelay = maximumDelay.isFinite && maximumDelay > 0 ? maximumDelay : 0
        self.retries = retries < 0 ? 0 : (retries > 100 ? 100 : retries)
    }

    /// The change feed's reconnection after its connection gave up: the same back-off, tried far longer
    /// (about 50 minutes at 30 s), since a gallery left open should catch up once the server is back.
    public static let feed = RetryPolicy(retries: 100)

    /// Milliseconds to wait before retrying after `failures` failures in a row (1 is the first), or nil
    /// when the failure stands.
    public func delay(afterFailures failures: Int) -> Double? {
        guard failures >= 1, failures <= retries else { return nil }
        var delay = initialDelay < maximumDelay ? initialDelay : maximumDelay
        var doubling = 1
        while doubling < failures && delay < maximumDelay {
            delay = delay * 2 < maximumDelay ? delay * 2 : maximumDelay
            doubling += 1
        }
        return delay
    }
}
