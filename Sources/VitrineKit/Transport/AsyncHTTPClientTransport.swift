import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// `HTTPTransport` over AsyncHTTPClient: the transport VitrineKit uses on Linux, and anywhere else an
/// app does not bring its own.
///
/// By default every instance shares one process-wide `HTTPClient` that is never shut down, so no
/// caller has to remember to: an `HTTPClient` dropped without `shutdown()` traps in its deinit.
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// The process's client: connections pooled per host (16 at once, idle ones closed after 60 s),
    /// connect time-out 10 s, redirects followed within the same scheme (at most 5). A refused connection
    /// fails at once (`.offline`) rather than being retried until the connect time-out: the SDK's own
    /// layers (the feed, the pipeline, the store) retry with their back-off.
    public static let sharedHTTPClient: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: .init(connect: .seconds(10)),
            connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 16))
        configuration.decompression = .disabled
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    public static let shared = AsyncHTTPClientTransport()

    let client: HTTPClient

    /// A transport over `client`, which the caller owns and shuts down.
    public init(client: HTTPClient = AsyncHTTPClientTransport.sharedHTTPClient) {
        self.client = client
    }

    public func send(
        _ request: TransportRequest, uploadProgress: (@Sendable (Int64) -> Void)?
    ) async throws -> TransportResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.replaceOrAdd(name: name, value: value) }
        switch request.body {
        case .none: break
        case .data(let data):
            outgoing.body = .bytes(ByteBuffer(bytes: data))
            uploadProgress?(Int64(data.count))
        case .file(let url):
            let chunks = try FileChunks(url: url, progress: uploadProgress)
            outgoing.body = .stream(chunks, length: .known(chunks.size))
        }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(outgoing, timeout: TimeAmount(request.timeout))
        } catch {
            throw Self.map(error)
        }
        let body = response.body
        return TransportResponse(
            status: Int(response.status.code), headers: Self.dictionary(response.headers),
            body: TransportBody {
                let iterator = IteratorBox(body.makeAsyncIterator())
                return {
                    do {
                        guard let buffer = try await iterator.base.next() else { return nil }
                        return Self.data(sharing: buffer)
                    } catch {
                        throw Self.map(error)
                    }
                }
            })
    }

    /// Header names lowercased, a repeated header's values joined with ", " (`TransportResponse.headers`).
    static func dictionary(_ headers: HTTPHeaders) -> [String: String] {
        var dictionary: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            dictionary[key] = dictionary[key].map { $0 + ", " + value } ?? value
        }
        return dictionary
    }

    /// A chunk's bytes as `Data` without copying them: the `Data` keeps the buffer's storage alive, and
    /// nobody writes to a received buffer. A download's bytes pass through here once each.
    static func data(sharing buffer: ByteBuffer) -> Data {
        buffer.withUnsafeReadableBytes { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return Data() }
            return Data(
                bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count,
                deallocator: .custom { _, _ in withExtendedLifetime(buffer) {} })
        }
    }

    /// AsyncHTTPClient's and NIO's errors in VitrineKit's vocabulary; cancellation stays cancellation.
    static func map(_ error: any Error) -> any Error {
        if error is CancellationError || error is VitrineError { return error }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .connectTimeout, .readTimeout, .writeTimeout: return VitrineError.timeout
            case .cancelled: return CancellationError()
            default: return VitrineError.offline(String(describing: error))
            }
        }
        return VitrineError.offline(String(describing: error))
    }
}

/// Holds a body iterator so the body's reading closure can advance it.
private final class IteratorBox: @unchecked Sendable {
    var base: HTTPClientResponse.Body.AsyncIterator
    init(_ base: HTTPClientResponse.Body.AsyncIterator) { self.base = base }
}

extension TimeAmount {
    /// A duration in NIO's nanoseconds, saturating: negative ones are zero, overlong ones the maximum.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else {
            self = .zero
            return
        }
        let whole = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let total = whole.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000)
        self = whole.overflow || total.overflow ? .nanoseconds(.max) : .nanoseconds(total.partialValue)
    }
}
