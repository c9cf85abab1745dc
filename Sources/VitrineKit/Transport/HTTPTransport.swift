import Foundation

/// How VitrineKit reaches a server: one request in, a response head and a streamed body out.
///
/// The seam lets the SDK run on Linux over AsyncHTTPClient (`AsyncHTTPClientTransport`), on Apple
/// platforms over whatever an app already uses, and in tests over a transport that injects failures.
/// Implementations map their own errors to `VitrineError` (offline, timeout), so callers see one
/// vocabulary whatever carries the bytes.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns once the response head has arrived; the body streams after.
    ///
    /// `uploadProgress` is called with the bytes of the request body sent so far.
    func send(
        _ request: TransportRequest, uploadProgress: (@Sendable (Int64) -> Void)?
    ) async throws -> TransportResponse

    /// Sends `request` and hands its response to `sink` as it arrives; returns after the body's last byte.
    /// Every transport has it (`streamedSend`); AsyncHTTPClient's calls the sink on its event loop.
    func send(_ request: TransportRequest, into sink: some TransportSink) async throws
}

extension HTTPTransport {
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await send(request, uploadProgress: nil)
    }
}
