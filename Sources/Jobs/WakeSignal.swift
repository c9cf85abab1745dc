/// Wakes an idle worker early: a job was enqueued (a notification) or one of its own jobs ended (a slot
/// opened). Wake-ups while nobody waits are kept, one at most, so none is lost between two waits.
final class WakeSignal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func signal() { continuation.yield() }

    /// Returns at the next wake-up, after `timeout`, or when the task is cancelled.
    func wait(timeout: Duration) async {
        let stream = stream
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in stream { return }
            }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }
}
