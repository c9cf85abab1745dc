import Ingest

/// What `vitrine serve` needs to know.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The folder of static web client files (`Web/` in the repository); nil serves the API only.
    public var webRoot: String?
    public var access: AccessConfiguration
    /// The Pixabay- and Parse-compatible APIs: public URL, owner, Parse application id, rate limits.
    public var compat: CompatConfiguration
    /// Pools, queues, timeouts and stream counts.
    public var limits: Limits
    /// Where API items point for asset bytes: this server's `/assets`, or a public bucket or CDN.
    public var assets: AssetURLs
    /// `/metrics`: on the main port behind the admin token (the default), on a separate listener, or off.
    public var metrics = MetricsConfiguration()

    public init(
        host: String = "127.0.0.1", port: Int = 8080, webRoot: String? = nil,
        access: AccessConfiguration = AccessConfiguration(), compat: CompatConfiguration? = nil,
        limits: Limits = Limits(), assets: AssetURLs = AssetURLs()
    ) {
        self.host = host
        self.port = port
        self.webRoot = webRoot
        self.access = access
        self.compat = compat ?? CompatConfiguration(fallbackAuthority: "\(host):\(port)")
        self.limits = limits
        self.assets = assets
    }
}

/// Who may read, and how much a write may send.
public struct AccessConfiguration: Sendable {
    /// Reads need the admin token too (or the session cookie it buys); the web client asks for it.
    public var isPrivate: Bool
    public var maximumUploadBytes: Int
    /// Session cookies are `Secure`: the public URL is https.
    public var securesCookies: Bool
    /// A reverse proxy the operator runs is in front (`serve --trust-proxy`): the client address is the
    /// right-most `X-Forwarded-For` entry and `X-Forwarded-Proto` tells whether the client used https.
    /// Off by default, because without such a proxy any client could send those headers.
    public var trustsProxy: Bool
    /// Failed tokens, session cookies and API keys allowed per client address per minute, then 429.
    public var failedAttemptLimit: Int

    public init(
        isPrivate: Bool = false, maximumUploadBytes: Int = 200 << 20, securesCookies: Bool = false,
        trustsProxy: Bool = false, failedAttemptLimit: Int = 10
    ) {
        self.isPrivate = isPrivate
        self.maximumUploadBytes = maximumUploadBytes
        self.securesCookies = securesCookies
        self.trustsProxy = trustsProxy
        self.failedAttemptLimit = failedAttemptLimit
    }
}

/// Every bound on what clients can make the server hold at once, each a `vitrine serve` flag. The defaults
/// live here and nowhere else; the README's "Security and limits" section lists them.
public struct Limits: Sendable, Equatable {
    /// Threads running blocking work (SQLite reads, file system calls) at once (`--blocking-threads`).
    public static let defaultBlockingThreads = 8
    /// Blocking jobs waiting for a thread; past it requests answer 503 `busy` (`--blocking-queue`).
    public static let defaultBlockingQueue = 1024
    /// Sized variants (`…/sized/{150,640,1280}.jpg`) rendered from originals at once (`--render-threads`).
    public static let defaultRenderThreads = 2
    /// Renders waiting for a render thread; past it 503 `busy` (`--render-queue`).
    public static let defaultRenderQueue = 16
    /// Seconds a request may take to send its head, and a body may pause between bytes (`--header-timeout`).
    public static let defaultHeaderTimeoutSeconds = 10
    /// Seconds a keep-alive connection may sit between requests (`--idle-timeout`).
    public static let defaultIdleTimeoutSeconds = 60
    /// Open event streams per client address; past it 429 (`--max-streams-per-client`).
    public static let defaultEventStreamsPerClient = 16
    /// Open event streams in all; past it 503 `busy` (`--max-streams`).
    public static let defaultEventStreamsTotal = 1000
    /// How far `order=relevance` pages reach; a cursor beyond is a 400 `bad_cursor` (`--relevance-depth`).
    public static let defaultRelevanceDepth = 10_000

    public var blockingThreads = Self.defaultBlockingThreads
    public var blockingQueue = Self.defaultBlockingQueue
    public var renderThreads = Self.defaultRenderThreads
    public var renderQueue = Self.defaultRenderQueue
    public var headerTimeoutSeconds = Self.defaultHeaderTimeoutSeconds
    public var idleTimeoutSeconds = Self.defaultIdleTimeoutSeconds
    public var eventStreamsPerClient = Self.defaultEventStreamsPerClient
    public var eventStreamsTotal = Self.defaultEventStreamsTotal
    public var relevanceDepth = Self.defaultRelevanceDepth
    /// How long a read of the change feed's position is trusted when no notification says it moved
    /// (`FeedPosition`): the most a cached page can lag a write this server was not told of.
    public static let defaultFeedPositionMaximumAgeMilliseconds = 100
    public var feedPositionMaximumAgeMilliseconds = Self.defaultFeedPositionMaximumAgeMilliseconds
    /// Memory for the page and detail answers kept per feed position (`CachedAnswers`); 0 keeps none.
    public static let defaultAnswerCacheMegabytes = 32
    public var answerCacheMegabytes = Self.defaultAnswerCacheMegabytes
    /// Memory for small assets' bytes (thumbnails, previews; each up to 1 MiB), sent without a store read.
    public static let defaultAssetMemoryMegabytes = 64
    public var assetMemoryMegabytes = Self.defaultAssetMemoryMegabytes
    /// Days a trashed photo is kept before it is purged for good (`--trash-days`).
    public var trashDays = TrashPolicy.defaultDays
    /// Photos visitors may upload through one share link in its life (`--link-uploads`); past it 409
    /// `too_many_uploads`, so a leaked file-drop link cannot fill the disk.
    public static let defaultLinkUploads = 1000
    public var linkUploads = Self.defaultLinkUploads
    /// Uploads through share links one client address sends at once, and all clients at once; past them 429
    /// and 503 with `Retry-After`. Each holds a temporary file as its body streams in, then a render.
    public static let defaultLinkUploadsPerClient = 2
    public var linkUploadsPerClient = Self.defaultLinkUploadsPerClient
    public static let defaultLinkUploadsAtOnce = 8
    public var linkUploadsAtOnce = Self.defaultLinkUploadsAtOnce
    /// Zip downloads one client address takes at once, and all clients at once; past them 429 and 503 with
    /// `Retry-After`. A range that leaves entries out reads every original before it to checksum it, so an
    /// archive costs up to its whole size in store reads whatever the client takes.
    public static let defaultZipsPerClient = 4
    public var zipsPerClient = Self.defaultZipsPerClient
    public static let defaultZipsAtOnce = 16
    public var zipsAtOnce = Self.defaultZipsAtOnce
    /// An upload stores its original, records its photo `processing` and answers, leaving the render to the
    /// job queue's workers (`--upload-renders queued`); off, it renders within the request, on this server's
    /// render pool, and answers with the photo ready.
    public var queuesUploadRenders = false

    public init() {}

    /// The ranges `vitrine serve` accepts, so no flag can make a pool empty or a timer overflow.
    public static var ranges: [(name: String, range: ClosedRange<Int>, value: KeyPath<Limits, Int>)] {
        [
            ("blocking-threads", 1...256, \.blockingThreads),
            ("blocking-queue", 0...1_000_000, \.blockingQueue),
            ("render-threads", 1...64, \.renderThreads),
            ("render-queue", 0...10_000, \.renderQueue),
            ("header-timeout", 1...3600, \.headerTimeoutSeconds),
            ("idle-timeout", 1...86_400, \.idleTimeoutSeconds),
            ("max-streams-per-client", 1...100_000, \.eventStreamsPerClient),
            ("max-streams", 1...1_000_000, \.eventStreamsTotal),
            ("relevance-depth", 1...1_000_000, \.relevanceDepth),
            ("feed-position-max-age", 0...60_000, \.feedPositionMaximumAgeMilliseconds),
            ("asset-memory", 0...65_536, \.assetMemoryMegabytes),
            ("answer-cache", 0...65_536, \.answerCacheMegabytes),
            ("trash-days", TrashPolicy.allowedDays, \.trashDays),
            ("link-uploads", 0...1_000_000, \.linkUploads),
        ]
    }

    /// A message naming the first value out of its range, or nil when all are usable.
    public func invalidValue() -> String? {
        for (name, range, value) in Self.ranges where !range.contains(self[keyPath: value]) {
            return "--\(name) must be between \(range.lowerBound) and \(range.upperBound)"
        }
        return nil
    }
}
