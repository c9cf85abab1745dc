import Foundation
import Metering
import ServerTestSupport
import TestSupport
import Testing

@testable import VitrineServer

/// `/metrics` as an operator configures it on a real `vitrine serve`: a separate listener without the token
/// (and then none on the main port), metrics off, and the flags refused when they make no sense.
@Suite struct MetricsListenerTests {
    static func token(_ data: TemporaryDirectory) throws -> String {
        try String(contentsOfFile: data.file("admin-token"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theSeparateListenerAnswersWithoutTheTokenAndTheMainPortHasNoMetrics() async throws {
        let data = TemporaryDirectory("metrics-listener")
        let metricsPort = try VitrineProcess.freePort()
        let server = try LiveVitrineServer(data: data.path, arguments: ["--metrics-port", "\(metricsPort)"])
        defer { server.stop() }
        let auth = ["Authorization": "Bearer \(try Self.token(data))"]

        let onMain = try HTTPExchange.send(port: server.port, method: "GET", path: "/metrics", headers: auth)
        #expect(onMain.status == 404)
        let before = try PrometheusText(
            try HTTPExchange.send(port: metricsPort, method: "GET", path: "/metrics").text)
        for _ in 0..<5 {
            #expect(
                try HTTPExchange.send(port: server.port, method: "GET", path: "/api/v1/photos?limit=1").status == 200)
        }
        let scrape = try HTTPExchange.send(port: metricsPort, method: "GET", path: "/metrics")
        #expect(scrape.status == 200)
        #expect(scrape.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
        let after = try PrometheusText(scrape.text)
        let page = ["route": "/api/v1/photos", "status": "200"]
        #expect(after.total(Names.requests, page) - before.total(Names.requests, page) == 5)
        #expect(after.total(Names.requests, ["route": "unmatched", "status": "404"]) == 1)
        #expect(try #require(after.value(Names.residentMemory)) > 1_000_000)
        // An open event stream shows, and goes once it is closed.
        let stream = try LiveWritesTests.subscribe(port: server.port)
        #expect(await stream.nextEvent()?["event"] == "ready")
        let open = try PrometheusText(try HTTPExchange.send(port: metricsPort, method: "GET", path: "/metrics").text)
        #expect(open.value(Names.eventStreams) == 1)
        stream.close()
        // Within 30 s: on a loaded machine the server may take a while to read the close.
        var closed: Double?
        _ = try await eventually(seconds: 30) {
            closed = try PrometheusText(
                try HTTPExchange.send(port: metricsPort, method: "GET", path: "/metrics").text
            ).value(Names.eventStreams)
            return closed == 0
        }
        #expect(closed == 0)
        // The listener serves nothing else.
        #expect(try HTTPExchange.send(port: metricsPort, method: "GET", path: "/api/v1/photos").status == 404)
    }

    @Test func withNoMetricsTheRouteIsAbsentAndTheServerServes() throws {
        let data = TemporaryDirectory("metrics-off")
        let server = try LiveVitrineServer(data: data.path, arguments: ["--no-metrics"])
        defer { server.stop() }
        let auth = ["Authorization": "Bearer \(try Self.token(data))"]
        #expect(try HTTPExchange.send(port: server.port, method: "GET", path: "/metrics", headers: auth).status == 404)
        #expect(try HTTPExchange.send(port: server.port, method: "GET", path: "/api/v1/photos").status == 200)
    }

    @Test func metricsFlagsThatMakeNoSenseAreRefused() throws {
        let data = TemporaryDirectory("metrics-flags")
        for (arguments, message) in [
            (["--metrics-host", "127.0.0.1"], "--metrics-host needs --metrics-port"),
            (["--metrics-port", "0"], "--metrics-port must be between 1 and 65535"),
            (["--metrics-port", "70000"], "--metrics-port must be between 1 and 65535"),
            (["--no-metrics", "--metrics-port", "9100"], "--metrics-port cannot be combined with --no-metrics"),
            (["--port", "9100", "--metrics-port", "9100"], "--metrics-port must differ from --port"),
        ] {
            let (status, output) = try VitrineProcess.run(["serve", "--data", data.path] + arguments)
            #expect(status != 0 && output.contains(message), "\(arguments): \(output)")
        }
    }
}
