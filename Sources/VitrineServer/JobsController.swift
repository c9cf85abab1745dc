import Catalog
import Hummingbird
import VitrineAPI
import VitrineCore

/// The admin's view of the job queue: `GET /api/v1/jobs` (counts, the oldest waiting job, the parked
/// failures with their errors) and `POST /api/v1/jobs/retry` (put failures back).
struct JobsController<Context: RequestContext>: Sendable {
    let queue: any JobQueue

    /// Ids one retry names at most.
    static var maximumIds: Int { 10_000 }

    func addRoutes(to writes: RouterGroup<Context>) {
        writes.get("jobs", use: status)
        writes.post("jobs/retry", use: retry)
    }

    @Sendable func status(_ request: Request, context: Context) async throws -> Response {
        let summary = try await queue.jobSummary()
        let status = JobQueueStatus(
            counts: summary.counts.map { JobCountItem(kind: $0.kindName, state: $0.state.rawValue, count: $0.count) },
            oldestWaiting: summary.oldestWaiting.map(Self.item), failures: summary.failures.map(Self.item))
        return try JSONResponse.make(status, cacheControl: "no-store")
    }

    static func item(_ job: JobRecord) -> JobItem {
        JobItem(
            id: job.id, kind: job.kindName, payload: job.payload, state: job.state.rawValue, attempts: job.attempts,
            maxAttempts: job.maxAttempts,
            enqueuedAt: TimestampFormatter.string(milliseconds: job.enqueuedAt, offsetMinutes: 0),
            lastError: job.lastError)
    }

    @Sendable func retry(_ request: Request, context: Context) async throws -> Response {
        var request = request
        let body = try await request.decodeJSON(
            JobRetry.self, limit: 1 << 20, expected: #"{"ids": [job id, …]} or {} for every failed job"#)
        if let ids = body.ids {
            guard (1...Self.maximumIds).contains(ids.count), ids.allSatisfy({ $0 > 0 }) else {
                throw APIError(
                    .badRequest, code: "bad_ids", message: "ids is a list of 1 to \(Self.maximumIds) job ids")
            }
        }
        let retried = try await queue.retryFailedJobs(ids: body.ids, now: EpochMilliseconds.now)
        return try JSONResponse.make(JobRetryResult(retried: retried), cacheControl: "no-store")
    }
}
