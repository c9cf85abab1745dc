import Foundation

/// Counts what a mirror run did, for the progress bar and the summary; shared by the download tasks.
final class MirrorProgress: @unchecked Sendable {
    struct Counts: Sendable, Equatable {
        var downloaded = 0
        var downloadedBytes: Int64 = 0
        var alreadyThere = 0
        var movedToDeleted = 0
        var failed = 0
        /// Files to fetch in this run, and their bytes when the server said.
        var toFetch = 0
        /// Photos the server has that no page of the listing has brought yet: counted as to fetch by the
        /// bar until their page says (0 once the listing is read).
        var unlisted = 0
        var bytesToFetch: Int64 = 0
        /// Bytes received so far, including those of files not finished yet.
        var bytesReceived: Int64 = 0
    }

    private let lock = NSLock()
    private var counts = Counts()
    private var failures: [String] = []
    private let start = ContinuousClock.now

    var snapshot: Counts { lock.withLock { counts } }
    var failureMessages: [String] { lock.withLock { failures } }

    func update(_ change: (inout Counts) -> Void) { lock.withLock { change(&counts) } }

    func received(_ bytes: Int) { lock.withLock { counts.bytesReceived += Int64(bytes) } }

    func fail(_ id: String, _ error: any Error) {
        lock.withLock {
            counts.failed += 1
            failures.append("\(id): \(error)")
        }
    }

    /// Seconds since the run started, never zero.
    var elapsed: Double {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return max(Double(seconds) + Double(attoseconds) / 1e18, 0.001)
    }

    /// One line for a terminal: bar, files and MB done of total, rate.
    func barLine() -> String {
        let counts = snapshot
        let done = counts.downloaded + counts.failed
        let sum = counts.toFetch.addingReportingOverflow(counts.unlisted)
        let expected = sum.overflow ? .max : sum.partialValue
        let width = 30
        let filled = expected == 0 ? width : min(width, width * done / expected)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let megabytes = Double(counts.bytesReceived) / 1e6
        let more = counts.unlisted > 0 ? "+" : ""
        let total =
            counts.bytesToFetch > 0 ? String(format: "/%.1f", Double(counts.bytesToFetch) / 1e6) + more : ""
        return String(
            format: "\r%@ %ld/%ld files  %.1f%@ MB  %.1f MB/s ", bar, done, expected, megabytes, total,
            megabytes / elapsed)
    }

    /// The line printed at the end of every run.
    func summaryLine() -> String {
        let counts = snapshot
        return String(
            format: "downloaded %ld (%.1f MB), already there %ld, moved to .deleted %ld, failed %ld",
            counts.downloaded, Double(counts.downloadedBytes) / 1e6, counts.alreadyThere, counts.movedToDeleted,
            counts.failed)
    }
}
