/// The S3 client's limits, each with its default.
public struct S3ClientConfiguration: Sendable {
    public var retry: S3RetryPolicy = .standard
    /// Deadline of one attempt of a request without a large body (HEAD, DELETE, LIST, small PUT): 60 s.
    public var requestTimeout: Duration = .seconds(60)
    /// Deadline of one attempt of a part upload or a GET, whose bodies are large: 15 min.
    public var transferTimeout: Duration = .seconds(900)
    /// Files above this size are uploaded in parts (16 MiB).
    public var multipartThreshold: Int = 16 << 20
    /// Size of every part but the last (16 MiB; S3 wants at least 5 MiB except for the last part).
    public var partSize: Int = 16 << 20
    /// Longest error body read to find S3's error code (64 KiB).
    public var errorBodyLimit: Int = 64 << 10
    /// Longest XML answer (listing, multipart results) accepted (16 MiB).
    public var responseBodyLimit: Int = 16 << 20
    /// Seeds the retry jitter (tests); nil draws from the system's randomness.
    public var jitterSeed: UInt64?

    public init() {}
}
