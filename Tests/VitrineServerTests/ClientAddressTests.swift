import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import VitrineServer

/// The client address per-address limits count by: the socket peer, unless the operator trusts a proxy.
@Suite struct ClientAddressTests {
    /// A router with the production middleware and one route that reports what it saw.
    static func echoApp(trustsProxy: Bool) -> some ApplicationProtocol {
        let router = Router(context: VitrineRequestContext.self)
        router.middlewares.add(ClientAddressMiddleware(trustsProxy: trustsProxy))
        router.get("who") { _, context in "\(context.clientAddress) \(context.forwardedProto ?? "-")" }
        return Application(router: router)
    }

    static func who(_ client: some TestClientProtocol, _ headers: HTTPFields = [:]) async throws -> String {
        try await client.execute(uri: "/who", method: .get, headers: headers) { String(buffer: $0.body) }
    }

    static let loopback: Set<String> = ["127.0.0.1", "::1"]

    @Test func theSocketPeerIsTheClientAndForwardedHeadersAreIgnoredByDefault() async throws {
        try await Self.echoApp(trustsProxy: false).test(.live) { client in
            let plain = try await Self.who(client).split(separator: " ")
            #expect(Self.loopback.contains(String(plain[0])) && plain[1] == "-")
            let forged = try await Self.who(
                client, [.xForwardedFor: "203.0.113.9", .xForwardedProto: "https"]
            ).split(separator: " ")
            #expect(Self.loopback.contains(String(forged[0])) && forged[1] == "-")
        }
    }

    @Test func aTrustedProxysRightMostEntryIsTheClient() async throws {
        try await Self.echoApp(trustsProxy: true).test(.live) { client in
            let headers: HTTPFields = [
                .xForwardedFor: "198.51.100.1, 203.0.113.9", .xForwardedProto: "https",
            ]
            #expect(try await Self.who(client, headers) == "203.0.113.9 https")
            #expect(try await Self.who(client, [.xForwardedFor: "[2001:db8::1]:443"]) == "2001:db8::1 -")
            // Garbage from a misconfigured proxy falls back to the socket peer rather than becoming a bucket.
            let garbage = try await Self.who(client, [.xForwardedFor: "1.2.3.4, not-an-ip"]).split(separator: " ")
            #expect(Self.loopback.contains(String(garbage[0])))
        }
    }

    @Test func forwardedHeadersParse() {
        #expect(ClientAddressMiddleware.forwardedClient(["a", "10.0.0.1 ,  10.0.0.2 "]) == "10.0.0.2")
        #expect(ClientAddressMiddleware.forwardedClient([]) == nil)
        #expect(ClientAddressMiddleware.forwardedClient(["10.0.0.1,"]) == nil)
        #expect(ClientAddressMiddleware.forwardedClient([String(repeating: "1", count: 100_000)]) == nil)
        #expect(ClientAddressMiddleware.forwardedProto(["http, HTTPS"]) == "https")
        #expect(ClientAddressMiddleware.forwardedProto(["javascript"]) == nil)
    }
}
