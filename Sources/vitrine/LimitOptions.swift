import ArgumentParser
import VitrineServer

/// `serve` options bounding what clients can make the server hold; defaults come from `Limits`.
struct LimitOptions: ParsableArguments {
    @Option(help: "Threads running blocking work (database reads, file calls) at once.")
    var blockingThreads = Limits.defaultBlockingThreads

    @Option(help: "Blocking jobs that may wait for a thread; past this, requests get 503 busy with Retry-After.")
    var blockingQueue = Limits.defaultBlockingQueue

    @Option(help: "Sized images (…/sized/{150,640,1280}.jpg) rendered from originals at once.")
    var renderThreads = Limits.defaultRenderThreads

    @Option(help: "Renders that may wait; past this, sized images get 503 busy with Retry-After.")
    var renderQueue = Limits.defaultRenderQueue

    @Option(
        help:
            "Seconds a client may take to send a request's head, and may pause while sending its body, before the connection is closed."
    )
    var headerTimeout = Limits.defaultHeaderTimeoutSeconds

    @Option(help: "Seconds a keep-alive connection may sit idle between requests before it is closed.")
    var idleTimeout = Limits.defaultIdleTimeoutSeconds

    @Option(help: "Open event streams per client address; past this, 429 with Retry-After.")
    var maxStreamsPerClient = Limits.defaultEventStreamsPerClient

    @Option(help: "Open event streams in all; past this, 503 busy with Retry-After.")
    var maxStreams = Limits.defaultEventStreamsTotal

    @Option(help: "How many matches order=relevance pages reach; a cursor beyond is a 400 bad_cursor.")
    var relevanceDepth = Limits.defaultRelevanceDepth

    @Option(
        name: .customLong("feed-position-max-age"),
        help: """
            Milliseconds a read of the change feed's position is trusted when no notification says it moved: \
            the most a cached page or detail can lag a write this server was not told of (0: read it per request).
            """)
    var feedPositionMaximumAge = Limits.defaultFeedPositionMaximumAgeMilliseconds

    @Option(help: "MiB of memory for small assets' bytes (thumbnails, previews up to 1 MiB each); 0 reads every one.")
    var assetMemory = Limits.defaultAssetMemoryMegabytes

    @Option(help: "MiB of memory for page and detail answers kept until the library changes; 0 keeps none.")
    var answerCache = Limits.defaultAnswerCacheMegabytes

    @Option(help: "Days a deleted photo stays in the trash, restorable, before it is purged for good.")
    var trashDays = Limits().trashDays

    @Option(help: "Photos visitors may upload through one share link, ever; past this, 409 too_many_uploads.")
    var linkUploads = Limits.defaultLinkUploads

    var limits: Limits {
        var limits = Limits()
        limits.blockingThreads = blockingThreads
        limits.blockingQueue = blockingQueue
        limits.renderThreads = renderThreads
        limits.renderQueue = renderQueue
        limits.headerTimeoutSeconds = headerTimeout
        limits.idleTimeoutSeconds = idleTimeout
        limits.eventStreamsPerClient = maxStreamsPerClient
        limits.eventStreamsTotal = maxStreams
        limits.relevanceDepth = relevanceDepth
        limits.feedPositionMaximumAgeMilliseconds = feedPositionMaximumAge
        limits.assetMemoryMegabytes = assetMemory
        limits.answerCacheMegabytes = answerCache
        limits.trashDays = trashDays
        limits.linkUploads = linkUploads
        return limits
    }

    /// Checked before `serve` opens anything, so a typo never starts a server.
    func validate() throws {
        if let message = limits.invalidValue() { throw ValidationError(message) }
    }
}
