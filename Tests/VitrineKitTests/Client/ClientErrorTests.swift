import Foundation
import Testing
import VitrineKit

@Suite struct ClientErrorTests {
    static func client(port: Int, timeout: Duration = .seconds(30)) -> VitrineClient {
        VitrineClient(baseURL: URL(string: "http://127.0.0.1:\(port)/")!, timeout: timeout)
    }

    @Test func aClosedPortIsOffline() async throws {
        let port = try await ScriptedListener.closedPort()
        let error = await #expect(throws: VitrineError.self) { _ = try await Self.client(port: port).session() }
        guard case .offline? = error else {
            Issue.record("expected offline: \(String(describing: error))")
            return
        }
        #expect(error?.isTransient == true)
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        try await ScriptedListener.with(.silent) { port async throws in
            let started = ContinuousClock.now
            let error = await #expect(throws: VitrineError.self) {
                _ = try await Self.client(port: port, timeout: .milliseconds(400)).photos()
            }
            #expect(error == .timeout)
            #expect(ContinuousClock.now - started >= .milliseconds(400))
        }
    }

    @Test func anHTMLAnswerIsADecodingError() async throws {
        try await ScriptedListener.with(
            .http(status: "200 OK", contentType: "text/html", body: "<html><body>captive portal</body></html>")
        ) { port async throws in
            let error = await #expect(throws: VitrineError.self) { _ = try await Self.client(port: port).photos() }
            guard case .decoding? = error else {
                Issue.record("expected decoding: \(String(describing: error))")
                return
            }
            #expect(error?.isTransient == false)
        }
    }

    @Test func errorStatusesCarryTheServersCode() async throws {
        try await LiveVitrine.with(photos: 1, private: true) { server async throws in
            let missing = await #expect(throws: VitrineError.self) {
                _ = try await server.client.photo(id: String(server.ids[0].reversed()))
            }
            guard case .http(404, "not_found", _)? = missing else {
                Issue.record("expected 404 not_found: \(String(describing: missing))")
                return
            }
            let badLimit = await #expect(throws: VitrineError.self) {
                _ = try await server.client.photos(PhotoQuery(limit: 0))
            }
            guard case .http(400, "bad_limit", _)? = badLimit else {
                Issue.record("expected 400 bad_limit: \(String(describing: badLimit))")
                return
            }
            let refused = await #expect(throws: VitrineError.self) { _ = try await server.anonymous.photos() }
            guard case .http(401, "unauthorized", _)? = refused else {
                Issue.record("expected 401: \(String(describing: refused))")
                return
            }
            #expect(refused?.isTransient == false)
        }
    }

    @Test func aFaultyTransportsErrorsReachTheCaller() async throws {
        try await LiveVitrine.with(photos: 1) { server async throws in
            let transport = FaultyTransport()
            let client = server.client(transport: transport)
            transport.failNext(1, with: .offline("injected"))
            await #expect(throws: VitrineError.offline("injected")) { _ = try await client.photos() }
            transport.answerNext(1, status: 503, body: #"{"error":{"code":"busy","message":"later"}}"#)
            await #expect(throws: VitrineError.http(status: 503, code: "busy", message: "later")) {
                _ = try await client.photos()
            }
            #expect(try await client.photos().items.count == 1, "the faults are used up")
            #expect(transport.requests.count == 3)
            #expect(transport.requests.allSatisfy { $0.request.headers["Authorization"] == "Bearer " + server.token })
        }
    }
}
