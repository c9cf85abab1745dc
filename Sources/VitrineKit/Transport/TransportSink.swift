import Foundation

/// Takes a response where it arrives, for a caller that wants a body's bytes as they come off the
/// connection rather than as an `AsyncSequence`: a download written to a file and hashed on the way, as
/// curl does, without a hop between threads for every chunk.
///
/// The transport calls `head` once, then `body` for each chunk in order, never two calls at once, and
/// `send(_:into:)` returns after the last one. The calls may run on the transport's own thread (an event
/// loop for AsyncHTTPClient), so they must be quick and must not wait: writing to a file and hashing are
/// fine, awaiting anything is not.
public protocol TransportSink: AnyObject, Sendable {
    /// The response's status and headers (names lowercased, repeated ones joined with ", "). Throwing
    /// ends the exchange with that error.
    func head(status: Int, headers: [String: String]) throws
    /// The next bytes of the body, valid only during the call. Throwing ends the exchange with that error.
    func body(_ bytes: UnsafeRawBufferPointer) throws
}

extension HTTPTransport {
    /// `send(_:into:)` for any transport: the streamed response handed to `sink` chunk by chunk. A
    /// transport that can call a sink where its bytes arrive overrides `send(_:into:)` and keeps this for
    /// what it cannot (e.g. a request with a body).
    public func streamedSend(_ request: TransportRequest, into sink: some TransportSink) async throws {
        let response = try await send(request, uploadProgress: nil)
        try sink.head(status: response.status, headers: response.headers)
        for try await chunk in response.body {
            try chunk.withUnsafeBytes { try sink.body($0) }
        }
    }

    public func send(_ request: TransportRequest, into sink: some TransportSink) async throws {
        try await streamedSend(request, into: sink)
    }
}
