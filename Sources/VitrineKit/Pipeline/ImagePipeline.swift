import Foundation
import Synchronization

/// Loads images the way Nuke does, on Linux and Apple platforms: memory cache, disk cache, identical
/// requests coalesced into one download, a priority queue with bounded concurrency, a token-bucket
/// rate limiter, resumable downloads and a pluggable decoder.
public final class ImagePipeline: Sendable {
    public let configuration: Configuration
    let memoryCache: MemoryCache
    let diskCache: DiskCache?
    let queue: DownloadQueue
    let rateLimiter: TokenBucket?
    let partials: Mutex<LRUList<URL, PartialDownload>>

    /// In-flight work, one per image key, with the tasks waiting on it.
    struct Job {
        let id: UInt64
        var priority: ImagePriority
        var subscribers: [UInt64: (task: ImageTask, priority: ImagePriority)]
        let progress: DownloadProgress
        var work: Task<Void, Never>?
    }
    struct Jobs {
        var byKey: [ImageRequest.Key: Job] = [:]
        var nextID: UInt64 = 0
    }
    let jobs = Mutex(Jobs())

    public init(configuration: Configuration) {
        self.configuration = configuration
        memoryCache = MemoryCache(
            costLimit: configuration.memoryCostLimit, countLimit: configuration.memoryCountLimit)
        diskCache = configuration.diskCache.map { DiskCache(directory: $0.directory, sizeLimit: $0.sizeLimit) }
        queue = DownloadQueue(maximumConcurrent: configuration.maximumConcurrentDownloads)
        rateLimiter = configuration.rateLimiter.flatMap { limit in
            limit.rate.isFinite && limit.rate > 0 && limit.burst >= 1
                ? TokenBucket(rate: limit.rate, burst: limit.burst) : nil
        }
        partials = Mutex(LRUList(costLimit: configuration.partialDownloadsCostLimit))
    }

    /// The image for `request`, from memory, disk or the network. Cancelling the calling task cancels
    /// this requester's interest.
    public func image(for request: ImageRequest) async throws -> ImageResponse {
        try await task(for: request).response
    }

    /// A handle on the image for `request`; the work starts at once.
    public func task(for request: ImageRequest) -> ImageTask {
        let key = request.key
        if let hit = memoryCache[key] {
            return ImageTask(request: request, response: ImageResponse(container: hit, source: .memory))
        }
        return jobs.withLock { jobs in
            if var job = jobs.byKey[key] {
                let task = ImageTask(request: request, pipeline: self, download: job.progress)
                job.subscribers[task.id] = (task, request.priority)
                if request.priority > job.priority {
                    job.priority = request.priority
                    queue.setPriority(request.priority, for: job.id)
                }
                jobs.byKey[key] = job
                return task
            }
            jobs.nextID &+= 1
            let id = jobs.nextID
            let progress = DownloadProgress()
            let task = ImageTask(request: request, pipeline: self, download: progress)
            queue.register(id, priority: request.priority)
            var job = Job(
                id: id, priority: request.priority, subscribers: [task.id: (task, request.priority)],
                progress: progress)
            job.work = Task { await self.run(request, id: id, progress: progress) }
            jobs.byKey[key] = job
            return task
        }
    }

    /// The image for `request` if it is in memory; never touches disk or network.
    public func cachedImage(for request: ImageRequest) -> ImageContainer? {
        memoryCache[request.key]
    }

    /// Empties the memory cache (for a memory warning).
    public func removeAllCachedImages() {
        memoryCache.removeAll()
    }

    // MARK: Work

    private func run(_ request: ImageRequest, id: UInt64, progress: DownloadProgress) async {
        let result: Result<ImageResponse, any Error>
        do {
            result = .success(try await load(request, id: id, progress: progress))
        } catch {
            result = .failure(error)
        }
        queue.unregister(id)
        if case .success(let response) = result {
            memoryCache.store(response.container, for: request.key)
        }
        let waiting = jobs.withLock { jobs -> [ImageTask] in
            guard jobs.byKey[request.key]?.id == id else { return [] }
            return jobs.byKey.removeValue(forKey: request.key)?.subscribers.values.map(\.task) ?? []
        }
        for task in waiting { task.resolve(result) }
    }

    private func load(
        _ request: ImageRequest, id: UInt64, progress: DownloadProgress
    ) async throws
        -> ImageResponse
    {
        if let diskCache,
            let data = try await PipelineQueues.run(on: PipelineQueues.disk, { diskCache.data(for: request.url) })
        {
            progress.update(completed: data.count, total: data.count)
            return ImageResponse(container: try await decode(data, request), source: .disk)
        }
        try await queue.acquire(id)
        let data: Data
        do {
            try await rateLimiter?.acquire()
            data = try await download(request.url, progress: progress)
        } catch {
            queue.release()
            throw error
        }
        queue.release()
        if let diskCache {
            try await PipelineQueues.run(on: PipelineQueues.disk) { diskCache.store(data, for: request.url) }
        }
        try Task.checkCancellation()
        return ImageResponse(container: try await decode(data, request), source: .network)
    }

    /// The configured decoder's work, on the decoding queue.
    private func decode(_ data: Data, _ request: ImageRequest) async throws -> ImageContainer {
        let decoder = configuration.decoder
        return try await PipelineQueues.run(on: PipelineQueues.decoding) { try decoder.decode(data, request: request) }
    }

    // MARK: Requesters

    /// One requester gone: the work stops when it was the last.
    func cancel(_ task: ImageTask) {
        let work = jobs.withLock { jobs -> Task<Void, Never>? in
            let key = task.request.key
            guard var job = jobs.byKey[key], job.subscribers.removeValue(forKey: task.id) != nil else { return nil }
            if job.subscribers.isEmpty {
                jobs.byKey.removeValue(forKey: key)
                return job.work
            }
            reprioritize(&job)
            jobs.byKey[key] = job
            return nil
        }
        work?.cancel()
    }

    func update(_ task: ImageTask, priority: ImagePriority) {
        jobs.withLock { jobs in
            let key = task.request.key
            guard var job = jobs.byKey[key], job.subscribers[task.id] != nil else { return }
            job.subscribers[task.id]?.priority = priority
            reprioritize(&job)
            jobs.byKey[key] = job
        }
    }

    /// The shared work runs at the highest priority among its requesters.
    private func reprioritize(_ job: inout Job) {
        guard let highest = job.subscribers.values.map(\.priority).max(), highest != job.priority else { return }
        job.priority = highest
        queue.setPriority(highest, for: job.id)
    }

    /// Requests in flight (for tests and diagnostics).
    var inFlightCount: Int { jobs.withLock { $0.byKey.count } }
}

extension ImagePipeline {
    /// Requesters waiting on the in-flight work for `request` (for tests and diagnostics).
    func requesterCount(for request: ImageRequest) -> Int {
        jobs.withLock { $0.byKey[request.key]?.subscribers.count ?? 0 }
    }

    /// The priority of the in-flight work for `request`.
    func priority(for request: ImageRequest) -> ImagePriority? {
        jobs.withLock { $0.byKey[request.key]?.priority }
    }
}
