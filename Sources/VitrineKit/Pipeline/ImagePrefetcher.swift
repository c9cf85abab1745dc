import Foundation
import Synchronization

/// Warms the caches ahead of need (the deck's coming photos) at a low priority, so prefetches never
/// delay what is on screen; a prefetch that becomes visible is simply raised by the visible request
/// joining it.
public final class ImagePrefetcher: Sendable {
    public let pipeline: ImagePipeline
    public let priority: ImagePriority
    private let tasks = Mutex<[URL: ImageTask]>([:])

    public init(pipeline: ImagePipeline, priority: ImagePriority = .low) {
        self.pipeline = pipeline
        self.priority = priority
    }

    deinit { stopPrefetching() }

    public func startPrefetching(with urls: [URL]) {
        for url in urls {
            let request = ImageRequest(url: url, priority: priority)
            guard pipeline.cachedImage(for: request) == nil else { continue }
            let task: ImageTask? = tasks.withLock { tasks in
                guard tasks[url] == nil else { return nil }
                let task = pipeline.task(for: request)
                tasks[url] = task
                return task
            }
            guard let task else { continue }
            Task { [weak self] in
                _ = try? await task.response
                self?.forget(task)
            }
        }
    }

    public func stopPrefetching(with urls: [URL]) {
        let stopped = tasks.withLock { tasks in urls.compactMap { tasks.removeValue(forKey: $0) } }
        for task in stopped { task.cancel() }
    }

    public func stopPrefetching() {
        let stopped = tasks.withLock { tasks in
            defer { tasks = [:] }
            return Array(tasks.values)
        }
        for task in stopped { task.cancel() }
    }

    /// Prefetches still running (for tests and diagnostics).
    public var activeCount: Int { tasks.withLock { $0.count } }

    private func forget(_ task: ImageTask) {
        tasks.withLock { tasks in
            if tasks[task.request.url] === task { tasks.removeValue(forKey: task.request.url) }
        }
    }
}
