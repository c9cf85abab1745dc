import GalleryEngine
import VitrineAPI

extension GalleryStore {
    /// Runs a page request under GalleryEngine's `RetryPolicy`, the one the web grid follows: transient
    /// `VitrineError`s (offline, time-out, 5xx, 429) are tried again after the policy's delays until it
    /// says the failure stands; a cancellation ends it at once.
    struct Retrying: Sendable {
        var policy: RetryPolicy
        /// Waits between attempts: `Task.sleep` unless a test brings its own clock.
        var sleep: @Sendable (Duration) async throws -> Void

        func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
            var failures = 0
            while true {
                do {
                    return try await operation()
                } catch let error as VitrineError where error.isTransient {
                    failures += 1
                    guard let delay = policy.delay(afterFailures: failures) else { throw error }
                    try await sleep(.milliseconds(Int64(delay)))
                }
            }
        }
    }
}
