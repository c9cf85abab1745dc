import Synchronization

/// Whether a task that handed work to another thread (`BoundedExecutor.run(cancellable:)`) was cancelled:
/// the work asks it as it goes.
public final class CancellationFlag: Sendable {
    private let cancelled = Atomic(false)

    public init() {}

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    public func cancel() { cancelled.store(true, ordering: .relaxed) }
}
