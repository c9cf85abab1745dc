import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes finished files durable in batches before they are renamed to their final names: one flush of
/// the mirror's file system covers every file written before it started, so the transfers that finish
/// while a flush runs share the next one instead of paying a journal commit each.
actor MirrorSyncer {
    private let directory: String
    private var waiting: [CheckedContinuation<Void, any Error>] = []
    private var flushing = false

    init(directory: URL) {
        self.directory = directory.path
    }

    /// Returns once the bytes written to `path` before the call are on disk.
    func sync(_ path: String) async throws {
        #if os(Linux)
            try await withCheckedThrowingContinuation { continuation in
                waiting.append(continuation)
                guard !flushing else { return }
                flushing = true
                Task { await drain() }
            }
        #else
            try await MirrorFiles.offPool { try MirrorFiles.syncFile(atPath: path) }
        #endif
    }

    /// Flushes until nobody waits: each flush answers the callers that were waiting when it began.
    private func drain() async {
        while !waiting.isEmpty {
            let batch = waiting
            waiting = []
            let result: Result<Void, any Error>
            do {
                let directory = directory
                try await MirrorFiles.offPool { try MirrorFiles.syncFileSystem(containing: directory) }
                result = .success(())
            } catch {
                result = .failure(error)
            }
            for continuation in batch { continuation.resume(with: result) }
        }
        flushing = false
    }
}
