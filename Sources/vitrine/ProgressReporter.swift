import Foundation
import Ingest

/// A progress bar on a terminal (done/total, rate, ETA), one plain line per file otherwise.
final class ProgressReporter: @unchecked Sendable {
    private let total: Int
    private let interactive: Bool
    private let start = Date()
    private let lock = NSLock()

    init(total: Int, interactive: Bool) {
        self.total = total
        self.interactive = interactive
    }

    func update(_ progress: ImportProgress) {
        lock.lock()
        defer { lock.unlock() }
        let elapsed = max(Date().timeIntervalSince(start), 0.001)
        let rate = Double(progress.done) / elapsed
        if interactive {
            let width = 30
            let filled = total == 0 ? width : width * progress.done / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let eta = rate > 0 ? Double(total - progress.done) / rate : 0
            let line = String(
                format: "\r%@ %d/%d  %.1f photos/s  ETA %@ ", bar, progress.done, total, rate, Self.clock(eta))
            FileHandle.standardError.write(Data(line.utf8))
        } else {
            let status =
                switch progress.latest {
                case .imported(_, let id): "imported \(id)"
                case .duplicate(_, let id): "duplicate of \(id)"
                case .failed(_, let reason): "failed: \(reason)"
                }
            print("[\(progress.done)/\(total)] \(progress.latest.path): \(status)")
        }
    }

    func finish() {
        if interactive && total > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return String(format: "%d:%02d", s / 60, s % 60)
    }
}
