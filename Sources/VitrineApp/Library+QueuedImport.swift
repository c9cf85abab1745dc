import Catalog
import Ingest
import Jobs
import Synchronization

/// Where an import through the queue stands: files recorded, and photos whose jobs have ended.
public struct QueuedImportProgress: Sendable {
    /// The file just recorded, when this report is about one.
    public var recorded: ImportProgress?
    /// Photos whose render (and web rendition) has ended, and photos followed so far.
    public var rendered: Int
    public var followed: Int
}

extension Library {
    /// Imports `items` the way every worker works: each file is recorded from its header with its original
    /// stored and its jobs queued in the same transaction, and a worker in this process, with the code of
    /// `vitrine worker`, works through the queue meanwhile. Returns once every photo's jobs have ended,
    /// whichever worker ran them (a server's embedded worker sharing the catalog may take some). A photo the
    /// catalog already held counts too while its own jobs are unfinished, so importing again after a crash
    /// finishes what the crash left.
    ///
    /// A killed import loses nothing: its photos keep their queued jobs for the next worker, and a job it had
    /// claimed returns to the queue when its lease lapses.
    public func importThroughQueue(
        _ items: [ImportItem], options: ImportOptions, worker configuration: WorkerConfiguration,
        progress: @escaping @Sendable (QueuedImportProgress) -> Void = { _ in }
    ) async -> ImportSummary {
        var options = options
        options.queuedRenderPriority = options.queuedRenderPriority ?? JobPriority.normal
        let watch = JobWatch(queue: catalog)
        let paths = Mutex<[String: String]>([:])
        let worker = worker(configuration, observer: watch, niceness: 0)
        let work = Task { await worker.run() }
        let watching = Task {
            await watch.wait { done, followed in
                progress(QueuedImportProgress(recorded: nil, rendered: done, followed: followed))
            }
        }
        var summary = await importer(options: options).importItems(items) { step in
            switch step.latest {
            case .imported(let path, let id), .duplicate(let path, let id):
                paths.withLock { $0[id] = path }
                watch.add(id)
            case .failed: break
            }
            let (followed, done) = watch.counts
            progress(QueuedImportProgress(recorded: step, rendered: done, followed: followed))
        }
        watch.close()
        let parked = await watching.value
        work.cancel()
        await work.value
        let failed = paths.withLock { paths in parked.compactMap { id, error in paths[id].map { (id, $0, error) } } }
        let (failedIDs, failedPaths) = (Set(failed.map(\.0)), Set(failed.map(\.1)))
        summary.imported.removeAll { failedIDs.contains($0) }
        summary.duplicates.removeAll { failedPaths.contains($0) }
        for (_, path, error) in failed.sorted(by: { $0.1 < $1.1 }) {
            summary.failures.append((path, "its render failed: \(error)"))
        }
        return summary
    }
}
