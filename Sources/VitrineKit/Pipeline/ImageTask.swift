import Synchronization

/// One requester's interest in an image: await its `response`, change its `priority` while it is in
/// flight, or `cancel()` it. Identical requests share one download; cancelling one task stops the
/// download only when every task sharing it has been cancelled.
public final class ImageTask: Sendable {
    public struct Progress: Sendable, Equatable {
        public var completed: Int64
        /// From the response's `Content-Length`, when it had one.
        public var total: Int64?
    }

    public let request: ImageRequest
    let id: UInt64
    private let pipeline: ImagePipeline?
    private let download: DownloadProgress?

    private struct State {
        var priority: ImagePriority
        var result: Result<ImageResponse, any Error>?
        var waiters: [CheckedContinuation<ImageResponse, any Error>] = []
    }
    private let state: Mutex<State>

    private static let ids = Atomic<UInt64>(0)

    init(request: ImageRequest, pipeline: ImagePipeline?, download: DownloadProgress?) {
        self.request = request
        self.id = Self.ids.wrappingAdd(1, ordering: .relaxed).newValue
        self.pipeline = pipeline
        self.download = download
        state = Mutex(State(priority: request.priority))
    }

    /// A task already answered (a memory-cache hit).
    convenience init(request: ImageRequest, response: ImageResponse) {
        self.init(request: request, pipeline: nil, download: nil)
        state.withLock { $0.result = .success(response) }
    }

    /// Raising it moves queued work ahead; the shared download runs at the highest priority among
    /// the tasks waiting on it.
    public var priority: ImagePriority {
        get { state.withLock { $0.priority } }
        set {
            let changed = state.withLock { state in
                guard state.result == nil, state.priority != newValue else { return false }
                state.priority = newValue
                return true
            }
            if changed { pipeline?.update(self, priority: newValue) }
        }
    }

    /// The image, once there. Cancelling the awaiting task cancels this image task.
    public var response: ImageResponse {
        get async throws {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let result = state.withLock { state in
                        if state.result == nil { state.waiters.append(continuation) }
                        return state.result
                    }
                    if let result { continuation.resume(with: result) }
                }
            } onCancel: {
                cancel()
            }
        }
    }

    public var isFinished: Bool { state.withLock { $0.result != nil } }

    /// Bytes received so far by the download this task waits on.
    public var progress: Progress {
        if let download { return download.current }
        let size = state.withLock { state in (try? state.result?.get())?.container.data.count } ?? 0
        return Progress(completed: Int64(size), total: Int64(size))
    }

    /// Stops waiting: `response` throws `CancellationError`. The download stops when no other task
    /// waits on it.
    public func cancel() {
        guard !isFinished else { return }
        pipeline?.cancel(self)
        resolve(.failure(CancellationError()))
    }

    func resolve(_ result: Result<ImageResponse, any Error>) {
        let waiters = state.withLock { state -> [CheckedContinuation<ImageResponse, any Error>] in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(with: result) }
    }
}
