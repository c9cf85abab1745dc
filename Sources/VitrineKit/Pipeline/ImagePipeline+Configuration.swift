import Foundation

extension ImagePipeline {
    /// What a pipeline fetches through and the limit of every resource it holds.
    public struct Configuration: Sendable {
        /// Where requests go: the token is sent only to the client's own server.
        public var client: VitrineClient
        /// Bytes of decoded images kept in memory.
        public var memoryCostLimit: Int = 128 << 20
        /// Images kept in memory.
        public var memoryCountLimit: Int = 1000
        /// Where downloaded bytes persist across launches; nil keeps nothing on disk.
        public var diskCache: DiskCacheOptions?
        public var maximumConcurrentDownloads: Int = 6
        /// Limits how fast downloads start; nil starts them as fast as slots free up.
        public var rateLimiter: RateLimit? = RateLimit(rate: 80, burst: 25)
        public var decoder: any ImageDecoding = PassthroughImageDecoder()
        /// The largest image accepted; a larger body fails with `VitrineError.tooLarge`.
        public var maximumImageBytes: Int = 64 << 20
        /// Attempts after the first on a transient failure (offline, time-out, 5xx, 429).
        public var maximumRetries: Int = 3
        /// The wait before the first retry; each next one waits twice as long.
        public var retryDelay: Duration = .milliseconds(250)
        /// One download's whole exchange.
        public var requestTimeout: Duration = .seconds(60)
        /// Bytes of interrupted downloads kept in memory for a later request to resume.
        public var partialDownloadsCostLimit: Int = 32 << 20

        public init(client: VitrineClient) {
            self.client = client
        }
    }

    public struct DiskCacheOptions: Sendable {
        public var directory: URL
        /// Bytes on disk; least recently used files go first past it.
        public var sizeLimit: Int

        public init(directory: URL, sizeLimit: Int = 512 << 20) {
            self.directory = directory
            self.sizeLimit = sizeLimit
        }
    }

    /// A token bucket: `burst` downloads may start at once, then `rate` per second.
    public struct RateLimit: Sendable {
        public var rate: Double
        public var burst: Int

        public init(rate: Double, burst: Int) {
            self.rate = rate
            self.burst = burst
        }
    }
}
