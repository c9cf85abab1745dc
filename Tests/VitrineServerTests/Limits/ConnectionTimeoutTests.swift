import Compat
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import ServerTestSupport
import Testing

@testable import VitrineServer

/// Slow clients cannot hold connections: a head must arrive whole, a body must keep coming, an idle keep-alive
/// connection ends, and a response being written (an event stream) has no deadline.
@Suite struct ConnectionTimeoutTests {
    static func limits(header: Int, idle: Int) -> Limits {
        var limits = Limits()
        limits.headerTimeoutSeconds = header
        limits.idleTimeoutSeconds = idle
        return limits
    }

    /// The production HTTP server over a router with one route that reads its whole body.
    static func echoApp(_ limits: Limits) -> some ApplicationProtocol {
        let router = Router(context: VitrineRequestContext.self)
        router.post("echo") { request, _ -> String in
            let body = try await request.body.collect(upTo: 1 << 20)
            return "got \(body.readableBytes)"
        }
        return Application(router: router, server: .timedHTTP1(limits))
    }

    /// The application `vitrine serve` runs, with two-second timeouts.
    static func productionApp(_ fixture: ServerFixture) throws -> some ApplicationProtocol {
        try VitrineServer.makeApplication(
            library: fixture.library, configuration: ServerConfiguration(limits: limits(header: 2, idle: 2)),
            logger: Logger(label: "test"), routes: [CompatRoutes(CompatConfiguration())])
    }

    @Test func halfSentRequestsAreClosed() async throws {
        try await Self.echoApp(Self.limits(header: 1, idle: 60)).test(.live) { client in
            let port = try #require(client.port)
            var connections: [RawConnection] = []
            for index in 0..<20 {
                let connection = try RawConnection(port: port, timeoutSeconds: 30)
                switch index % 4 {
                case 0: break  // nothing at all
                case 1: try connection.send("GET /echo HTTP/1.1\r\nHost: x\r\n")  // a head that stops
                case 2: try connection.send("GET /echo HTT")
                default:  // a body that stops
                    try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789")
                }
                connections.append(connection)
            }
            let closed = await withTaskGroup(of: Bool.self) { group in
                for connection in connections { group.addTask { await offPool { connection.waitForClose() } } }
                return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(closed == 20)
        }
    }

    @Test func aSlowButSteadyBodyIsNotCut() async throws {
        try await Self.echoApp(Self.limits(header: 15, idle: 60)).test(.live) { client in
            let port = try #require(client.port)
            let connection = try RawConnection(port: port)
            try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 60\r\n\r\n")
            // Sixty bytes, one every 300 ms: longer in all than the timeout, never pausing nearly as long. Sent from
            // a thread of its own; the timeout is wide because the server reads the body only as fast as its
            // handler, on the cooperative threads, takes it, and other suites may hold those for seconds.
            let sent = await offPool {
                Result {
                    for byte in 0..<60 {
                        usleep(300_000)
                        try connection.send("\(byte % 10)")
                    }
                }
            }
            try sent.get()
            let head = try #require(await offPool { connection.readHead() })
            #expect(head.status == 200)
            #expect(await offPool { connection.read(until: "60") } == "got ")
        }
    }

    @Test func aKeepAliveConnectionServesTwoRequestsThenIdlesOut() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await Self.productionApp(fixture).test(.live) { client in
            let port = try #require(client.port)
            let connection = try RawConnection(port: port)
            // Both exchanges on a thread of their own: a starved cooperative pool must not turn the gap between
            // them into an idle timeout.
            let answers = await offPool {
                (0..<2).map { _ -> (Int?, String?) in
                    guard (try? connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")) != nil else {
                        return (nil, nil)
                    }
                    return (connection.readHead()?.status, connection.read(until: "}"))
                }
            }
            for (status, body) in answers {
                #expect(status == 200)
                #expect(body == #"{"status":"ok""#)
            }
            #expect(await offPool { connection.waitForClose() })
        }
    }

    @Test func anOpenEventStreamOutlivesBothTimeouts() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await Self.productionApp(fixture).test(.live) { client in
            let port = try #require(client.port)
            let stream = try LiveWritesTests.subscribe(port: port)
            #expect(await stream.nextEvent()?["event"] == "ready")
            try await Task.sleep(for: .seconds(3))
            _ = try await fixture.library.catalog.update(id: fixture.ids[0], .init(title: "Still here"))
            let change = try #require(await stream.nextEvent())
            #expect(change["event"] == "change")
            stream.close()
        }
    }
}
