/// The metric families Vitrine exposes, with the help text `/metrics` prints for each.
enum Names {
    static let requests = "vitrine_http_requests_total"
    static let requestDuration = "vitrine_http_request_duration_seconds"
    static let requestsInFlight = "vitrine_http_requests_in_flight"
    static let eventStreams = "vitrine_event_streams_open"
    static let imports = "vitrine_imports_total"
    static let importDuration = "vitrine_import_duration_seconds"
    static let blobOperations = "vitrine_blob_operations_total"
    static let blobErrors = "vitrine_blob_errors_total"
    static let catalogDuration = "vitrine_catalog_query_duration_seconds"
    static let catalogErrors = "vitrine_catalog_errors_total"
    static let renderQueue = "vitrine_sized_render_queue_depth"
    static let rendersRunning = "vitrine_sized_renders_running"
    static let blockingQueue = "vitrine_blocking_queue_depth"
    static let blockingRunning = "vitrine_blocking_jobs_running"
    static let residentMemory = "process_resident_memory_bytes"
    static let openFiles = "process_open_fds"

    static let help: [String: String] = [
        requests: "HTTP requests answered, by matched route pattern, method and status.",
        requestDuration:
            "Time from a request's arrival until its response is ready to write (a streamed body not included), in seconds.",
        requestsInFlight: "HTTP requests being handled now (streamed bodies not included).",
        eventStreams: "Open event streams (GET /api/v1/events).",
        imports: "Files imported (uploads, the demo import), by outcome and failure reason.",
        importDuration: "Time to import one file, by outcome, in seconds.",
        blobOperations: "Blob-store calls, by store (disk, s3) and operation.",
        blobErrors: "Blob-store calls that failed in the store, by store and operation.",
        catalogDuration: "Time of one catalog call, by operation, in seconds.",
        catalogErrors: "Catalog calls that threw, by operation.",
        renderQueue: "Sized renders waiting for a render thread.",
        rendersRunning: "Sized renders running now.",
        blockingQueue: "Blocking jobs (SQLite, file system) waiting for a thread.",
        blockingRunning: "Blocking jobs running now.",
        residentMemory: "Resident set size of the process (VmRSS), in bytes.",
        openFiles: "File descriptors the process holds open.",
    ]
}
