import Dispatch

/// Where the pipeline's blocking work runs, as in Nuke: disk reads and writes on one queue, decoding on
/// another. Swift's cooperative pool has a thread per core, so a disk read or an ImageIO decode on it would
/// hold up every other task of the app, the UI's included, until it finished; on these queues the pool's
/// threads only wait, without blocking.
enum PipelineQueues {
    static let disk = named("disk", qos: .utility)
    static let decoding = named("decoding", qos: .userInitiated)

    private static let name = DispatchSpecificKey<String>()

    private static func named(_ name: String, qos: DispatchQoS) -> DispatchQueue {
        let queue = DispatchQueue(label: "vitrine.pipeline." + name, qos: qos, attributes: .concurrent)
        queue.setSpecific(key: Self.name, value: name)
        return queue
    }

    /// The pipeline queue running the caller ("disk" or "decoding"), or nil elsewhere.
    static var current: String? { DispatchQueue.getSpecific(key: name) }

    /// Runs `work` on `queue` and returns its result to the calling task.
    static func run<T: Sendable>(on queue: DispatchQueue, _ work: @escaping @Sendable () throws -> T) async throws -> T
    {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
