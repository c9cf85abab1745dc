import Scheduling

/// The bounded pools and counters one router shares among its requests, sized by `Limits`.
struct ServerResources: Sendable {
    let limits: Limits
    /// Where `blocking {}` runs during this router's requests.
    let blocking: BoundedExecutor
    /// Where sized variants render.
    let renders: BoundedExecutor
    let eventStreams: EventStreamLimiter
    /// Where open event streams read their changes: half the blocking width, and room for every stream.
    let eventPolls: BoundedExecutor

    init(_ limits: Limits) {
        self.limits = limits
        blocking = BlockingPool.make(limits)
        renders = Self.makeRenderPool(limits)
        eventStreams = EventStreamLimiter(perClient: limits.eventStreamsPerClient, total: limits.eventStreamsTotal)
        eventPolls = BoundedExecutor(
            label: "vitrine.events", width: max(1, limits.blockingThreads / 2), queueLimit: limits.eventStreamsTotal,
            refusal: "too many event streams are reading")
    }

    /// Where sized variants render (`SizedVariantMaker`): a few at once with a short queue, because anyone may
    /// ask for any size of any photo and a render decodes a full original.
    static func makeRenderPool(_ limits: Limits) -> BoundedExecutor {
        BoundedExecutor(
            label: "vitrine.renders", width: limits.renderThreads, queueLimit: limits.renderQueue,
            refusal: "too many images are being resized; try again shortly", retryAfterSeconds: 2)
    }
}
