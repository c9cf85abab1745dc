import Foundation
import Ingest
import VitrineApp

/// A progress bar on a terminal (files recorded, photos rendered, rate, ETA), plain lines otherwise: one
/// per file, and one about the renders at most every second.
final class ProgressReporter: @unchecked Sendable {
    private let total: Int
    private let interactive: Bool
    private let start = Date()
    private let lock = NSLock()
    private var lastLine = Date.distantPast

    init(total: Int, interactive: Bool) {
        self.total = total
        self.interactive = interactive
    }

    /// A file recorded by an import that renders nothing itself (`--enqueue-only`).
    func update(_ progress: ImportProgress) {
        lock.lock()
        defer { lock.unlock() }
        if interactive {
            draw(done: progress.done, unit: "files", detail: "")
        } else {
            printLine(progress)
        }
    }

    /// A file recorded, or photos rendered, by an import working through its own jobs.
    func update(_ progress: QueuedImportProgress) {
        lock.lock()
        defer { lock.unlock() }
        let recorded = progress.recorded?.done
        if interactive {
            let files = recorded.map { "files \($0)/\(total), " } ?? ""
            draw(done: progress.rendered, unit: "photos", detail: files + "rendered")
            return
        }
        if let step = progress.recorded { printLine(step) }
        let finished = progress.rendered == progress.followed
        if progress.recorded == nil, finished || Date().timeIntervalSince(lastLine) >= 1 {
            lastLine = Date()
            print("rendered \(progress.rendered)/\(progress.followed)")
        }
    }

    private func draw(done: Int, unit: String, detail: String) {
        let elapsed = max(Date().timeIntervalSince(start), 0.001)
        let rate = Double(done) / elapsed
        let width = 30
        let filled = total == 0 ? width : width * min(done, total) / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let eta = rate > 0 ? Double(max(0, total - done)) / rate : 0
        let line = String(
            format: "\r%@ %@ %d/%d  %.1f %@/s  ETA %@ ", bar, detail, done, total, rate, unit, Self.clock(eta))
        FileHandle.standardError.write(Data(line.utf8))
    }

    private func printLine(_ progress: ImportProgress) {
        let status =
            switch progress.latest {
            case .imported(_, let id): "imported \(id)"
            case .duplicate(_, let id): "duplicate of \(id)"
            case .failed(_, let reason): "failed: \(reason)"
            }
        print("[\(progress.done)/\(total)] \(progress.latest.path): \(status)")
    }

    func finish() {
        if interactive && total > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return String(format: "%d:%02d", s / 60, s % 60)
    }
}
