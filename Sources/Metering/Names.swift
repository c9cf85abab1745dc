/// The metric families Vitrine exposes, with the help text `/metrics` prints for each.
package enum Names {
    package static let requests = "vitrine_http_requests_total"
    package static let requestDuration = "vitrine_http_request_duration_seconds"
    package static let requestsInFlight = "vitrine_http_requests_in_flight"
    package static let eventStreams = "vitrine_event_streams_open"
    package static let imports = "vitrine_imports_total"
    package static let importDuration = "vitrine_import_duration_seconds"
    package static let clips = "vitrine_clips_imported_total"
    package static let blobOperations = "vitrine_blob_operations_total"
    package static let blobErrors = "vitrine_blob_errors_total"
    package static let catalogDuration = "vitrine_catalog_query_duration_seconds"
    package static let catalogErrors = "vitrine_catalog_errors_total"
    package static let renderQueue = "vitrine_sized_render_queue_depth"
    package static let rendersRunning = "vitrine_sized_renders_running"
    package static let blockingQueue = "vitrine_blocking_queue_depth"
    package static let blockingRunning = "vitrine_blocking_jobs_running"
    package static let jobs = "vitrine_jobs"
    package static let jobsRunning = "vitrine_jobs_running"
    package static let jobsFinished = "vitrine_jobs_finished_total"
    package static let jobDuration = "vitrine_job_duration_seconds"
    package static let residentMemory = "process_resident_memory_bytes"
    package static let openFiles = "process_open_fds"

    package static let help: [String: String] = [
        requests: "HTTP requests answered, by matched route pattern, method and status.",
        requestDuration:
            "Time from a request's arrival until its response is ready to write (a streamed body not included), in seconds.",
        requestsInFlight: "HTTP requests being handled now (streamed bodies not included).",
        eventStreams: "Open event streams (GET /api/v1/events).",
        imports: "Files imported (uploads, the demo import), by outcome and failure reason.",
        importDuration: "Time to import one file, by outcome, in seconds.",
        clips:
            "Video clips imported, by whether their original needs a web rendition (made by transcode-video jobs).",
        blobOperations: "Blob-store calls, by store (disk, s3) and operation.",
        blobErrors: "Blob-store calls that failed in the store, by store and operation.",
        catalogDuration: "Time of one catalog call, by operation, in seconds.",
        catalogErrors: "Catalog calls that threw, by operation.",
        renderQueue: "Sized renders waiting for a render thread.",
        rendersRunning: "Sized renders running now.",
        blockingQueue: "Blocking jobs (SQLite, file system) waiting for a thread.",
        blockingRunning: "Blocking jobs running now.",
        jobs: "Jobs in the queue (every process's), by kind and state (waiting, running, failed), read at each scrape.",
        jobsRunning: "Jobs this process's worker is running now, by kind.",
        jobsFinished:
            "Job attempts this process's worker ended, by kind and outcome (completed, retried, parked, lost, abandoned).",
        jobDuration: "Time of one job attempt in this process's worker, by kind, in seconds.",
        residentMemory: "Resident set size of the process (VmRSS), in bytes.",
        openFiles: "File descriptors the process holds open.",
    ]
}
