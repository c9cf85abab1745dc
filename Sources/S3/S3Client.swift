import AsyncHTTPClient
import Logging
import NIOCore
import NIOHTTP1

/// A small S3 client for one bucket: signs every request with SigV4 and retries what may succeed later.
///
/// Requests go through one `HTTPClient` (its pool keeps connections to the store alive between requests);
/// bodies are in memory, in parts of at most `partSize`, so any attempt can be sent again as it was.
public final class S3Client: Sendable {
    public let location: S3Location
    public let configuration: S3ClientConfiguration
    let signer: SigV4Signer
    let http: HTTPClient
    let logger: Logger
    let jitter: JitterSource

    public init(
        location: S3Location, credentials: S3Credentials, configuration: S3ClientConfiguration = .init(),
        httpClient: HTTPClient = S3Client.sharedHTTPClient, logger: Logger = Logger(label: "vitrine.s3")
    ) {
        self.location = location
        self.configuration = configuration
        signer = SigV4Signer(credentials: credentials, region: location.region)
        http = httpClient
        self.logger = logger
        jitter = JitterSource(seed: configuration.jitterSeed)
    }

    /// The process's one HTTP client for S3: connections pooled per host (idle ones closed after 60 s),
    /// connect timeout 10 s, read timeout (no byte received) 60 s, redirects not followed (a wrong region
    /// answers 301, which must surface, not be chased unsigned). Lives as long as the process.
    public static let sharedHTTPClient: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            timeout: .init(connect: .seconds(10), read: .seconds(60)),
            connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 16))
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// One S3 request, before signing.
    struct Call: Sendable {
        var operation: String
        var method: HTTPMethod
        var objectKey: String?
        var query: [QueryItem] = []
        var headers: [Header] = []
        var body: ByteBuffer?
        var payloadHash: String = SigV4Signer.emptyPayloadHash
        var timeout: Duration
    }

    /// Sends `call` until it gets a 2xx answer, retrying retryable failures with back-off. Returns the answer
    /// with its body unread; throws `S3Error` (or `CancellationError`).
    func execute(_ call: Call) async throws -> HTTPClientResponse {
        var attempt = 0
        while true {
            attempt += 1
            let failure: S3Error
            do {
                let response = try await send(call)
                if (200..<300).contains(response.status.code) { return response }
                let body = try await readBody(of: response, limit: configuration.errorBodyLimit, truncate: true)
                failure = S3Error.fromResponse(operation: call.operation, status: Int(response.status.code), body: body)
            } catch {
                failure = try classify(error, operation: call.operation)
            }
            guard failure.isRetryable, attempt < configuration.retry.maxAttempts else { throw failure }
            let delay = jitter.delay(upTo: configuration.retry.ceiling(afterAttempt: attempt))
            logger.debug(
                "S3 retry",
                metadata: ["operation": "\(call.operation)", "attempt": "\(attempt)", "error": "\(failure)"])
            try await Task.sleep(for: delay)
        }
    }

    /// Sends `call` and reads its whole (XML) answer.
    func executeReading(_ call: Call) async throws -> [UInt8] {
        try await retrying(call.operation) {
            let response = try await self.execute(call)
            return try await self.readBody(of: response, limit: self.configuration.responseBodyLimit, truncate: false)
        }
    }

    /// Runs `body` again while it fails retryably (an answer that broke while its body was read).
    func retrying<T>(_ operation: String, _ body: () async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await body()
            } catch {
                let failure = try classify(error, operation: operation)
                guard case .transport = failure, attempt < configuration.retry.maxAttempts else { throw failure }
                try await Task.sleep(for: jitter.delay(upTo: configuration.retry.ceiling(afterAttempt: attempt)))
            }
        }
    }

    /// One attempt: sign, send, wait for the head of the answer.
    private func send(_ call: Call) async throws -> HTTPClientResponse {
        let target = location.target(objectKey: call.objectKey, query: call.query)
        let headers = [Header(name: "host", value: target.host)] + call.headers
        let signed = signer.sign(
            SigV4Signer.Request(
                method: call.method.rawValue, path: target.path, query: call.query, headers: headers,
                payloadHash: call.payloadHash),
            at: .now())
        var request = HTTPClientRequest(url: target.url)
        request.method = call.method
        for header in headers + signed.headers { request.headers.add(name: header.name, value: header.value) }
        if let body = call.body { request.body = .bytes(body) }
        return try await http.execute(request, deadline: .now() + TimeAmount(call.timeout), logger: nil)
    }

    /// Reads an answer's body up to `limit` bytes: beyond it, cut (`truncate`, for error bodies) or refused.
    func readBody(of response: HTTPClientResponse, limit: Int, truncate: Bool) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in response.body {
            guard bytes.count + chunk.readableBytes <= limit else {
                if truncate { break }
                throw S3Error.malformedResponse(operation: "read", message: "answer longer than \(limit) bytes")
            }
            bytes += chunk.readableBytesView
        }
        return bytes
    }

    /// An `S3Error` for any failure; cancellation is rethrown as it is.
    func classify(_ error: any Error, operation: String) throws -> S3Error {
        if let error = error as? S3Error { return error }
        if error is CancellationError || Task.isCancelled { throw CancellationError() }
        return .transport(operation: operation, message: String(describing: error))
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(
            seconds.multipliedReportingOverflow(by: 1_000_000_000).partialValue + attoseconds / 1_000_000_000)
    }
}
