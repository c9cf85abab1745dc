import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension AsyncHTTPClientTransport {
    /// Hands the response to `sink` on the connection's event loop, as AsyncHTTPClient's delegate API
    /// delivers it: no task is resumed and no `Data` made per chunk of a download of thousands. The
    /// sink's time is the event loop's, which also paces the connection (AsyncHTTPClient reads on once
    /// the sink returned). Requests with a body go through `streamedSend`.
    public func send(_ request: TransportRequest, into sink: some TransportSink) async throws {
        if case .some = request.body { return try await streamedSend(request, into: sink) }
        let outgoing: HTTPClient.Request
        do {
            outgoing = try HTTPClient.Request(
                url: request.url.absoluteString, method: HTTPMethod(rawValue: request.method),
                headers: HTTPHeaders(request.headers.map { ($0.key, $0.value) }))
        } catch {
            throw Self.map(error)
        }
        try Task.checkCancellation()
        let task = client.execute(
            request: outgoing, delegate: SinkDelegate(sink), deadline: .now() + TimeAmount(request.timeout))
        do {
            try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
        } catch let failure as SinkFailure {
            // The sink's own error, as it threw it: not the transport's to translate.
            throw failure.error
        } catch {
            throw Self.map(error)
        }
    }
}

/// An error a sink threw, carried through AsyncHTTPClient's future to `send(_:into:)`.
private struct SinkFailure: Error {
    let error: any Error
}

/// Forwards AsyncHTTPClient's delegate calls to a sink; AsyncHTTPClient makes them one at a time, on
/// the request's event loop.
private final class SinkDelegate<Sink: TransportSink>: HTTPClientResponseDelegate {
    typealias Response = Void
    let sink: Sink

    init(_ sink: Sink) { self.sink = sink }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        do {
            try sink.head(status: Int(head.status.code), headers: AsyncHTTPClientTransport.dictionary(head.headers))
            return task.eventLoop.makeSucceededVoidFuture()
        } catch {
            return task.eventLoop.makeFailedFuture(SinkFailure(error: error))
        }
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        do {
            try buffer.withUnsafeReadableBytes { try sink.body($0) }
            return task.eventLoop.makeSucceededVoidFuture()
        } catch {
            return task.eventLoop.makeFailedFuture(SinkFailure(error: error))
        }
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {}
}
