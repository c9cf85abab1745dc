import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import Testing

@testable import VitrineServer

/// Event streams: bounded per client address and in all, and no `since` can end the server.
@Suite struct EventStreamLimitTests {
    static func open(port: Int, forwardedFor: String? = nil, query: String = "") throws -> RawConnection {
        try LiveWritesTests.subscribe(
            port: port, headers: forwardedFor.map { "X-Forwarded-For: \($0)\r\n" } ?? "", query: query)
    }

    @Test func aClientMayHoldSixteenStreamsAndTheSeventeenthGets429() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let resources = ServerResources(Limits())
        try await fixture.makeLimitedApp(resources).test(.live) { client in
            let port = try #require(client.port)
            var streams: [RawConnection] = []
            for _ in 0..<Limits.defaultEventStreamsPerClient {
                let stream = try Self.open(port: port)
                let head = await offPool { stream.readHead() }
                #expect(head?.status == 200)
                streams.append(stream)
            }
            let refused = try Self.open(port: port)
            let head = try #require(await offPool { refused.readHead() })
            #expect(head.status == 429)
            #expect(head.fields["retry-after"] == "10")
            #expect(await offPool { refused.read(until: "}}") }?.contains("too_many_requests") == true)

            // A stream that ends gives its place back.
            streams.removeLast().close()
            var reopened: Int?
            for _ in 0..<200 where reopened != 200 {
                let again = try Self.open(port: port)
                reopened = await offPool { again.readHead() }?.status
                if reopened == 200 { streams.append(again) } else { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(reopened == 200)
            for stream in streams { stream.close() }
        }
    }

    @Test func theTotalIsBoundedAndATrustedProxysClientsCountApart() async throws {
        let fixture = try await ServerFixture(photos: 1)
        var limits = Limits()
        limits.eventStreamsPerClient = 1
        limits.eventStreamsTotal = 2
        let resources = ServerResources(limits)
        let app = try await fixture.makeLimitedApp(resources, access: AccessConfiguration(trustsProxy: true))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let first = try Self.open(port: port, forwardedFor: "198.51.100.1")
            #expect(await offPool { first.readHead() }?.status == 200)
            let sameClient = try Self.open(port: port, forwardedFor: "10.0.0.9, 198.51.100.1")
            #expect(await offPool { sameClient.readHead() }?.status == 429)
            let second = try Self.open(port: port, forwardedFor: "198.51.100.2")
            #expect(await offPool { second.readHead() }?.status == 200)
            let third = try Self.open(port: port, forwardedFor: "198.51.100.3")
            let head = try #require(await offPool { third.readHead() })
            #expect(head.status == 503)
            #expect(head.fields["retry-after"] == "10")
            #expect(await offPool { third.read(until: "}}") }?.contains("busy") == true)
            #expect(resources.eventStreams.openCount == 2)
            first.close()
            second.close()
        }
    }

    @Test func aSinceBeyondEveryChangeIsAResetAndTheServerLives() async throws {
        let fixture = try await ServerFixture(photos: 2)
        let latest = try await fixture.library.catalog.latestChangeSeq()
        try await fixture.makeLimitedApp(ServerResources(Limits())).test(.live) { client in
            let port = try #require(client.port)
            for since in ["9223372036854775807", "9223372036854775806", String(latest + 1)] {
                let stream = try Self.open(port: port, query: "?since=\(since)")
                let reset = try #require(await stream.nextEvent())
                #expect(reset["event"] == "reset")
                #expect(reset["id"] == String(latest))
                stream.close()
            }
            for since in ["9223372036854775808", "-1", "1e3"] {
                try await client.execute(uri: "/api/v1/events?since=\(since)", method: .get) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .badRequest)
                    #expect(try response.errorCode() == "bad_event_id")
                }
            }
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
        }
        // The catalog itself answers a seq at the top of the range.
        #expect(try await fixture.library.catalog.changes(after: .max) == nil)
    }
}
