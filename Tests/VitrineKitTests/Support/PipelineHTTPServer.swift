import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A small HTTP/1.1 server on a loopback socket that the pipeline tests control: it counts requests
/// per path, holds requests until released, drops the connection after N body bytes, answers
/// `Range`/`If-Range` with 206 and an ETag, and answers 503 on demand.
final class PipelineHTTPServer: Sendable {
    struct Resource: Sendable {
        var body: Data
        var etag: String
    }
    struct Seen: Sendable {
        var path: String
        var headers: [String: String]
    }

    private struct State {
        var resources: [String: Resource] = [:]
        var seen: [Seen] = []
        var holding: Set<String> = []
        var held: [String: [@Sendable () -> Void]] = [:]
        var dropAfter: [String: Int] = [:]
        var failures: [String: Int] = [:]
        var heldConnectionsClosed = 0
        var channels: [ObjectIdentifier: any Channel] = [:]
    }
    private let state = Mutex(State())
    private let channel = Mutex<(any Channel)?>(nil)

    /// The server's root, e.g. `http://127.0.0.1:4711`.
    let baseURL: URL

    private init(port: Int) {
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Runs `body` with a started server, and stops it whatever happens.
    static func with<T: Sendable>(_ body: (PipelineHTTPServer) async throws -> T) async throws -> T {
        let box = Mutex<PipelineHTTPServer?>(nil)
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    guard let server = box.withLock({ $0 }) else { throw ChannelError.ioOnClosedChannel }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(server: server))
                    server.state.withLock { $0.channels[ObjectIdentifier(channel)] = channel }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = listener.localAddress?.port else {
            try? await listener.close()
            throw ChannelError.unknownLocalAddress
        }
        let server = PipelineHTTPServer(port: port)
        box.withLock { $0 = server }
        do {
            let result = try await body(server)
            await server.stop(listener)
            return result
        } catch {
            await server.stop(listener)
            throw error
        }
    }

    private func stop(_ listener: any Channel) async {
        try? await listener.close()
        let (open, held) = state.withLock { state in
            defer {
                state.channels = [:]
                state.held = [:]
                state.holding = []
            }
            return (Array(state.channels.values), state.held.values.flatMap { $0 })
        }
        for release in held { release() }
        for channel in open { try? await channel.close() }
    }

    // MARK: Control

    func url(_ path: String) -> URL { baseURL.appendingPathComponent(String(path.drop(while: { $0 == "/" }))) }

    /// Serves `body` at `path`, with an ETag derived from its bytes.
    @discardableResult
    func serve(_ path: String, _ body: Data) -> URL {
        let etag = "\"\(body.count)-\(body.reduce(0) { ($0 &* 31) &+ Int($1) })\""
        state.withLock { $0.resources[path] = Resource(body: body, etag: etag) }
        return url(path)
    }

    /// Requests for `path` wait until `release(path)`.
    func hold(_ path: String) { _ = state.withLock { $0.holding.insert(path) } }

    /// Answers the held requests for `path` and stops holding new ones.
    func release(_ path: String) {
        let waiting = state.withLock { state in
            state.holding.remove(path)
            return state.held.removeValue(forKey: path) ?? []
        }
        for answer in waiting { answer() }
    }

    /// The next answer for `path` sends the full headers, `bytes` of the body, then closes.
    func dropConnection(_ path: String, after bytes: Int) { state.withLock { $0.dropAfter[path] = bytes } }

    /// The next `count` requests for `path` get a 503.
    func fail(_ path: String, times count: Int) { state.withLock { $0.failures[path] = count } }

    func requests(_ path: String) -> [Seen] { state.withLock { $0.seen.filter { $0.path == path } } }
    func requestCount(_ path: String) -> Int { requests(path).count }
    var allRequests: [Seen] { state.withLock { $0.seen } }
    var heldCount: Int { state.withLock { $0.held.values.reduce(0) { $0 + $1.count } } }
    var heldConnectionsClosed: Int { state.withLock { $0.heldConnectionsClosed } }

    // MARK: Answers

    fileprivate enum Answer {
        case hold
        case respond(status: HTTPResponseStatus, headers: HTTPHeaders, body: Data, dropAfter: Int?)
    }

    fileprivate func received(_ head: HTTPRequestHead, answer: @escaping @Sendable () -> Void) -> Answer {
        let path = String(head.uri.prefix { $0 != "?" })
        var headers: [String: String] = [:]
        for (name, value) in head.headers { headers[name.lowercased()] = value }
        return state.withLock { state in
            state.seen.append(Seen(path: path, headers: headers))
            if state.holding.contains(path) {
                state.held[path, default: []].append(answer)
                return .hold
            }
            return respond(path: path, headers: headers, state: &state)
        }
    }

    fileprivate func answer(_ head: HTTPRequestHead) -> Answer {
        let path = String(head.uri.prefix { $0 != "?" })
        var headers: [String: String] = [:]
        for (name, value) in head.headers { headers[name.lowercased()] = value }
        return state.withLock { respond(path: path, headers: headers, state: &$0) }
    }

    private func respond(path: String, headers: [String: String], state: inout State) -> Answer {
        if let remaining = state.failures[path], remaining > 0 {
            state.failures[path] = remaining - 1
            return .respond(
                status: .serviceUnavailable, headers: ["Content-Length": "0"], body: Data(), dropAfter: nil)
        }
        guard let resource = state.resources[path] else {
            return .respond(status: .notFound, headers: ["Content-Length": "0"], body: Data(), dropAfter: nil)
        }
        let dropAfter = state.dropAfter.removeValue(forKey: path)
        var out: HTTPHeaders = ["ETag": resource.etag, "Accept-Ranges": "bytes"]
        if let range = headers["range"], range.hasPrefix("bytes="), range.hasSuffix("-"),
            let start = Int(range.dropFirst(6).dropLast()), start >= 0, start < resource.body.count,
            headers["if-range"].map({ $0 == resource.etag }) ?? true
        {
            out.add(name: "Content-Range", value: "bytes \(start)-\(resource.body.count - 1)/\(resource.body.count)")
            out.add(name: "Content-Length", value: String(resource.body.count - start))
            return .respond(
                status: .partialContent, headers: out, body: resource.body.subdata(in: start..<resource.body.count),
                dropAfter: dropAfter)
        }
        out.add(name: "Content-Length", value: String(resource.body.count))
        return .respond(status: .ok, headers: out, body: resource.body, dropAfter: dropAfter)
    }

    fileprivate func connectionClosed(_ channel: ObjectIdentifier, whileHeld: Bool) {
        state.withLock { state in
            state.channels.removeValue(forKey: channel)
            if whileHeld { state.heldConnectionsClosed += 1 }
        }
    }
}

/// One connection: reads a request, asks the server what to answer, writes it (or waits for release).
private final class Handler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let server: PipelineHTTPServer
    var head: HTTPRequestHead?
    var holding = false

    init(server: PipelineHTTPServer) { self.server = server }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end:
            guard let head else { return }
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            let answer = server.received(head) {
                bound.eventLoop.execute {
                    let (handler, context) = bound.value
                    handler.holding = false
                    handler.write(handler.server.answer(head), context: context)
                }
            }
            if case .hold = answer { holding = true } else { write(answer, context: context) }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        server.connectionClosed(ObjectIdentifier(context.channel), whileHeld: holding)
        context.fireChannelInactive()
    }

    private func write(_ answer: PipelineHTTPServer.Answer, context: ChannelHandlerContext) {
        guard case .respond(let status, let headers, let body, let dropAfter) = answer, context.channel.isActive
        else { return }
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
            promise: nil)
        if let dropAfter {
            let sent = body.prefix(max(0, dropAfter))
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: sent)))), promise: nil)
            context.close(promise: nil)
            return
        }
        if !body.isEmpty { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
