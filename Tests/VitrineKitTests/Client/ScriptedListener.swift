import NIOCore
import NIOPosix

/// A raw TCP listener on loopback that answers every connection the same way, whatever the request:
/// never (to see a client's time-out), or with fixed bytes (an HTML page, a 503), then closes.
enum ScriptedListener {
    enum Script: Sendable {
        /// Accepts and reads, never answers.
        case silent
        /// Answers `response` (a whole HTTP/1.1 response) once the request's first bytes arrive.
        case answer(String)

        static func http(status: String, contentType: String, body: String) -> Script {
            .answer(
                "HTTP/1.1 \(status)\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Connection: close\r\n\r\n\(body)")
        }
    }

    /// Runs `body` with the port of a listener following `script`, closing it on every path.
    static func with<T: Sendable>(_ script: Script, _ body: (Int) async throws -> T) async throws -> T {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 16)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.addHandler(Responder(script: script))
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let result: Result<T, any Error>
        do {
            result = .success(try await body(channel.localAddress?.port ?? 0))
        } catch {
            result = .failure(error)
        }
        try? await channel.close()
        return try result.get()
    }

    /// A port nothing listens on: bound, then closed at once.
    static func closedPort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 1
        try await channel.close()
        return port
    }

    private final class Responder: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let script: Script

        init(script: Script) { self.script = script }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .answer(let response) = script else { return }
            let buffer = context.channel.allocator.buffer(string: response)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in channel.close(promise: nil) }
        }
    }
}
