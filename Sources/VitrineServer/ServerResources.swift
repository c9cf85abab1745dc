import Scheduling

/// The bounded pools and counters one router shares among its requests, sized by `Limits`.
struct ServerResources: Sendable {
    let limits: Limits
    /// Where `blocking {}` runs during this router's requests; `serve` opens the catalog on it too, so one
    /// pool (`--blocking-threads`, `--blocking-queue`) bounds all the server's blocking work.
    let blocking: BoundedExecutor
    /// Where sized variants render.
    let renders: BoundedExecutor
    let eventStreams: EventStreamLimiter

    init(_ limits: Limits, blocking: BoundedExecutor? = nil) {
        self.limits = limits
        self.blocking = blocking ?? BlockingPool.make(limits)
        renders = SizedVariantMaker.makeRenderPool(limits)
        eventStreams = EventStreamLimiter(perClient: limits.eventStreamsPerClient, total: limits.eventStreamsTotal)
    }
}
