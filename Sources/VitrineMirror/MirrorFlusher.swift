import Dispatch
import Foundation
import Synchronization

/// Flushes the folder in the background during a long sync, at most once per `interval`, so that after a
/// power cut the next run hashes again only what was written since the last flush, not everything the run
/// wrote. Transfers never wait for it: the flush runs on a Dispatch thread, and the loop that records
/// completions collects its result when it next passes by.
final class MirrorFlusher: Sendable {
    let directory: URL
    let interval: Duration
    private struct Progress {
        var running: Task<Void, Never>?
        var lastStart = ContinuousClock.now
        /// The photos a finished flush put on disk, not yet collected.
        var flushed: Set<String> = []
    }
    private let progress = Mutex(Progress())

    init(directory: URL, interval: Duration) {
        self.directory = directory
        self.interval = interval
    }

    /// Starts a flush covering `written` (every photo written so far and not known flushed) when none is
    /// running and the last one started at least `interval` ago.
    func startIfDue(covering written: Set<String>?) {
        guard let written, !written.isEmpty else { return }
        let directory = directory
        progress.withLock { progress in
            guard progress.running == nil, ContinuousClock.now - progress.lastStart >= interval else { return }
            progress.lastStart = .now
            progress.running = Task { [self] in
                let done = await Self.flush(directory)
                self.progress.withLock {
                    if done { $0.flushed.formUnion(written) }
                    $0.running = nil
                }
            }
        }
    }

    /// The photos put on disk by flushes that finished since the last call.
    func collect() -> Set<String> {
        progress.withLock { progress in
            defer { progress.flushed = [] }
            return progress.flushed
        }
    }

    /// Waits for the flush under way, if any, then collects.
    func finish() async -> Set<String> {
        await progress.withLock { $0.running }?.value
        return collect()
    }

    /// `MirrorDurability.flush` on a Dispatch thread; whether it succeeded (a failure only means the
    /// photos stay noted as unflushed).
    private static func flush(_ directory: URL) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(returning: (try? MirrorDurability.flush(directory)) != nil)
            }
        }
    }
}
