import NIOCore
import NIOHTTPTypes

/// One connection's deadline, against slow clients holding connections open (slowloris):
///
/// - a request's head must arrive whole within `headerTimeout` of its first byte (or of the connection's start);
/// - its body must keep coming: each pause between bytes is at most `headerTimeout`;
/// - between requests, a keep-alive connection may sit `idleTimeout`;
/// - while a response is being written (an event stream for hours) there is no deadline.
///
/// Two handlers feed it: `RequestBytesHandler` sees the raw bytes before HTTP decoding (a head still arriving
/// decodes to nothing), `RequestPhaseHandler` the decoded parts and the responses' ends. Both live on the
/// channel's event loop, and so does this state: it is `@unchecked Sendable` only to cross the `@Sendable`
/// closure Hummingbird builds handlers in.
final class ConnectionDeadline: @unchecked Sendable {
    let headerTimeout: TimeAmount
    let idleTimeout: TimeAmount

    /// Bytes of a request arrived but its head has not decoded yet (a fresh connection counts as one).
    private var readingHead = true
    /// The head decoded; its body's end has not.
    private var readingBody = false
    /// Requests whose response has not ended.
    private var openResponses = 0
    private var context: ChannelHandlerContext?
    private var timer: Scheduled<Void>?
    /// The client sent its FIN (the server allows half-closure, so the channel itself stays open) or the
    /// connection closed.
    private var clientLeft = false
    private var onClientLeaving: [@Sendable () -> Void] = []

    init(headerTimeout: TimeAmount, idleTimeout: TimeAmount) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
    }

    /// The connection to close, given by the handler nearest the socket once it is in the pipeline.
    func start(_ context: ChannelHandlerContext) {
        self.context = context
        rearm()
    }

    func stop() {
        timer?.cancel()
        timer = nil
        context = nil
        clientLeaves()
    }

    func clientLeaves() {
        guard !clientLeft else { return }
        clientLeft = true
        let actions = onClientLeaving
        onClientLeaving = []
        for action in actions { action() }
    }

    /// Runs `action` once the client hangs up (at once if it already has). Call on the event loop.
    func whenClientLeaves(_ action: @escaping @Sendable () -> Void) {
        if clientLeft { action() } else { onClientLeaving.append(action) }
    }

    /// Runs `action` once the client of `channel` hangs up: its FIN, seen by the `RequestBytesHandler`, or
    /// the channel's close. A response that only writes (an event stream) notices neither by itself until a
    /// write fails.
    static func whenClientLeaves(_ channel: any Channel, _ action: @escaping @Sendable () -> Void) {
        channel.closeFuture.whenComplete { _ in action() }
        channel.eventLoop.execute {
            guard let handler = try? channel.pipeline.syncOperations.handler(type: RequestBytesHandler.self)
            else { return }
            handler.deadline.whenClientLeaves(action)
        }
    }

    func bytesArrived() {
        if readingBody {
            rearm()  // the body progresses: its pause starts again
        } else if !readingHead, openResponses == 0 {
            readingHead = true  // the first byte of the next request: its head's clock starts
            rearm()
        }
    }

    func headArrived() {
        readingHead = false
        readingBody = true
        openResponses += 1
        rearm()
    }

    func endArrived() {
        readingBody = false
        rearm()
    }

    func responseEnded() {
        openResponses = max(0, openResponses - 1)
        rearm()
    }

    private func rearm() {
        timer?.cancel()
        timer = nil
        guard let context else { return }
        let timeout: TimeAmount
        if readingHead || readingBody {
            timeout = headerTimeout
        } else if openResponses > 0 {
            return
        } else {
            timeout = idleTimeout
        }
        timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(in: timeout) {
            context.close(promise: nil)
        }
    }
}

/// Sits first in the pipeline, before the HTTP decoder, so it sees a head's bytes before it is whole.
final class RequestBytesHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let deadline: ConnectionDeadline

    init(deadline: ConnectionDeadline) { self.deadline = deadline }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { deadline.start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        deadline.start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline.stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { deadline.stop() }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        deadline.bytesArrived()
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .some(.inputClosed) = event as? ChannelEvent { deadline.clientLeaves() }
        context.fireUserInboundEventTriggered(event)
    }
}

/// Sits after HTTP decoding: a head and an end mark a request's phases, a response's end frees the connection.
final class RequestPhaseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let deadline: ConnectionDeadline

    init(deadline: ConnectionDeadline) { self.deadline = deadline }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: deadline.headArrived()
        case .body: break
        case .end: deadline.endArrived()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { deadline.responseEnded() }
        context.write(data, promise: promise)
    }
}
