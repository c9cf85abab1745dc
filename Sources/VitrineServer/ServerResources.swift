import Scheduling

/// The bounded pools and counters one router shares among its requests, sized by `Limits`.
struct ServerResources: Sendable {
    let limits: Limits
    /// Where `blocking {}` runs during this router's requests; `serve` opens the catalog on it too, so one
    /// pool (`--blocking-threads`, `--blocking-queue`) bounds all the server's blocking work.
    let blocking: BoundedExecutor
    /// Where sized variants render.
    let renders: BoundedExecutor
    let eventStreams: ConcurrencyLimiter
    /// Uploads through share links at once: each streams its body to a temporary file (up to the upload
    /// limit) and renders within its request, so a leaked link cannot fill the disk or the render pool.
    let linkUploads: ConcurrencyLimiter
    /// Zip downloads at once, each held until its body ends.
    let zips: ConcurrencyLimiter

    init(_ limits: Limits, blocking: BoundedExecutor? = nil) {
        self.limits = limits
        self.blocking = blocking ?? BlockingPool.make(limits)
        renders = Self.makeRenderPool(limits)
        // Streams last long: a client that hit the limit should wait for one of its own to end.
        eventStreams = ConcurrencyLimiter(
            perClient: limits.eventStreamsPerClient, total: limits.eventStreamsTotal, noun: "event streams",
            retryAfterSeconds: 10)
        linkUploads = ConcurrencyLimiter(
            perClient: limits.linkUploadsPerClient, total: limits.linkUploadsAtOnce, noun: "uploads through links",
            retryAfterSeconds: 5)
        zips = ConcurrencyLimiter(
            perClient: limits.zipsPerClient, total: limits.zipsAtOnce, noun: "zip downloads", retryAfterSeconds: 10)
    }

    /// Where sized variants render (`SizedVariantMaker`): a few at once with a short queue, because anyone may
    /// ask for any size of any photo and a render decodes a full original.
    static func makeRenderPool(_ limits: Limits) -> BoundedExecutor {
        BoundedExecutor(
            label: "vitrine.renders", width: limits.renderThreads, queueLimit: limits.renderQueue,
            refusal: "too many images are being resized; try again shortly", retryAfterSeconds: 2)
    }
}
