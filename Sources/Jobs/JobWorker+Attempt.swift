import Catalog
import VitrineCore

/// One attempt of a claimed job: the handler, with heartbeats beside it, and what the queue is told after.
extension JobWorker {
    enum Attempt: Sendable {
        case succeeded
        case failed(String)
        /// The lease was lost (another worker has the job now): the handler was cancelled.
        case lost
        /// This worker is stopping.
        case abandoned
    }

    /// Runs the handler while extending the lease every `heartbeat`; a lost lease cancels the handler.
    nonisolated func attempt(_ job: JobRecord, handler: JobHandler) async -> Attempt {
        let (queue, configuration) = (queue, configuration)
        return await withTaskGroup(of: Attempt?.self) { group in
            group.addTask {
                do {
                    try await handler.run(job)
                    return .succeeded
                } catch {
                    return Task.isCancelled ? .abandoned : .failed(String(describing: error))
                }
            }
            group.addTask {
                var current = job
                while true {
                    do { try await Task.sleep(for: configuration.heartbeat) } catch { return nil }
                    do {
                        guard
                            let renewed = try await queue.extendLease(
                                of: current, leaseMilliseconds: configuration.leaseMilliseconds,
                                now: EpochMilliseconds.now)
                        else { return .lost }
                        current = renewed
                    } catch {
                        // A missed beat (the catalog is restarting): the lease lasts three of them.
                        continue
                    }
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .abandoned
        }
    }

    /// Tells the queue how the attempt ended. A worker stopping hands its job back, due at once and with the
    /// attempt not counted.
    nonisolated func record(_ job: JobRecord, _ attempt: Attempt) async -> JobOutcome {
        do {
            switch attempt {
            case .succeeded:
                return try await queue.completeJob(job) ? .completed : .lost
            case .failed(let error):
                logger.warning(
                    "job failed",
                    metadata: ["kind": "\(job.kindName)", "payload": "\(job.payload)", "error": "\(error)"])
                switch try await queue.failJob(
                    job, error: error, backoff: configuration.backoff, now: EpochMilliseconds.now)
                {
                case .parked: return .parked
                case .retry: return .retried
                case nil: return .lost
                }
            case .lost:
                return .lost
            case .abandoned:
                // In a task of its own: this one is cancelled, and the catalog may refuse a cancelled caller.
                let queue = queue
                _ = try await Task { try await queue.releaseJob(job, now: EpochMilliseconds.now) }.value
                return .abandoned
            }
        } catch {
            logger.warning("cannot record a job's end", metadata: ["id": "\(job.id)", "error": "\(error)"])
            return .lost
        }
    }
}
