import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A loopback HTTP/1.1 server answering every path with the same ~30 KB body, counting requests.
final class BenchServer: Sendable {
    let requests = Atomic<Int>(0)
    let body: ByteBuffer
    let port: Int
    private let channel: any Channel

    init(bodySize: Int) async throws {
        let body = ByteBuffer(bytes: (0..<bodySize).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let counter = Counter()
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(body: body, counter: counter))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        port = channel.localAddress?.port ?? 0
        self.body = body
        self.counter = counter
    }

    private let counter: Counter
    var requestCount: Int { counter.value.load(ordering: .relaxed) }
    func resetCount() { counter.value.store(0, ordering: .relaxed) }

    func close() async { try? await channel.close() }

    final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let body: ByteBuffer
        let counter: Counter

        init(body: ByteBuffer, counter: Counter) {
            self.body = body
            self.counter = counter
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            counter.value.add(1, ordering: .relaxed)
            let headers: HTTPHeaders = ["Content-Length": String(body.readableBytes), "ETag": "\"bench\""]
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))),
                promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
