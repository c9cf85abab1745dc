extension GalleryStore {
    /// How a page request that failed for a transient reason (offline, time-out, 5xx, 429) is tried
    /// again: `retries` more times, waiting `initialDelay` before the first retry and twice as long
    /// before each next one, at most `maximumDelay`.
    public struct RetryPolicy: Sendable {
        public var retries: Int
        public var initialDelay: Duration
        public var maximumDelay: Duration
        /// Waits between attempts: `Task.sleep` unless a test brings its own clock.
        public var sleep: @Sendable (Duration) async throws -> Void

        /// The seeds' rule: 3 retries.
        public init(
            retries: Int = 3, initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(8),
            sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
        ) {
            self.retries = min(max(retries, 0), 100)
            self.initialDelay = max(initialDelay, .zero)
            self.maximumDelay = max(maximumDelay, .zero)
            self.sleep = sleep
        }

        /// The wait before retry `retry` (0 is the first).
        public func delay(beforeRetry retry: Int) -> Duration {
            var delay = min(initialDelay, maximumDelay)
            for _ in 0..<min(max(retry, 0), 64) where delay < maximumDelay { delay = min(delay * 2, maximumDelay) }
            return delay
        }

        /// `operation`'s value, retrying transient `VitrineError`s; a cancellation ends it at once.
        func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
            var retry = 0
            while true {
                do {
                    return try await operation()
                } catch let error as VitrineError where error.isTransient && retry < retries {
                    try await sleep(delay(beforeRetry: retry))
                    retry += 1
                }
            }
        }
    }
}
