import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel with a `ConnectionDeadline` on every connection: its byte watcher goes in
/// front of the HTTP decoder, which Hummingbird's own `additionalChannelHandlers` (placed after decoding)
/// cannot do.
struct TimedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let responder: HTTPChannelHandler.Responder
    let headerTimeout: TimeAmount
    let idleTimeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let deadline = ConnectionDeadline(headerTimeout: headerTimeout, idleTimeout: idleTimeout)
        let http = HTTP1Channel(
            responder: responder,
            configuration: .init(additionalChannelHandlers: [RequestPhaseHandler(deadline: deadline)]))
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RequestBytesHandler(deadline: deadline))
        }.flatMap { http.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await HTTP1Channel(responder: responder).handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with the header, body and idle timeouts of `limits`.
    static func timedHTTP1(_ limits: Limits) -> HTTPServerBuilder {
        // Clamped to a day, so a configuration built without `Limits.invalidValue()` cannot overflow nanoseconds.
        let header = TimeAmount.seconds(Int64(min(max(1, limits.headerTimeoutSeconds), 86_400)))
        let idle = TimeAmount.seconds(Int64(min(max(1, limits.idleTimeoutSeconds), 86_400)))
        return HTTPServerBuilder { responder in
            TimedHTTP1Channel(responder: responder, headerTimeout: header, idleTimeout: idle)
        }
    }
}
