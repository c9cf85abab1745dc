import Dispatch

/// Runs synchronous work (SQLite reads, file system calls) off Swift's cooperative pool,
/// so a slow disk cannot starve the threads that serve other requests.
func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        blockingQueue.async { continuation.resume(with: Result { try work() }) }
    }
}

private let blockingQueue = DispatchQueue(label: "vitrine.blocking", attributes: .concurrent)
