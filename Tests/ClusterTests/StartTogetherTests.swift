import Foundation
import Testing

/// Servers started at the same moment on an empty database: the migrations run once, under PostgreSQL's
/// advisory lock, and both servers come up on the same schema with the same admin token.
@Suite struct StartTogetherTests {
    @Test func twoServersStartedAtOnceOnAnEmptyDatabaseBothComeUpAndAgree() async throws {
        let cluster = try await ClusterLibrary("together")
        let a = try cluster.launch("a")
        let b = try cluster.launch("b")
        try await a.waitUntilHealthy()
        try await b.waitUntilHealthy()

        #expect(try await HTTP.page(a, limit: 5).total == 0)
        #expect(try await HTTP.page(b, limit: 5).total == 0)
        let tokens = [a.adminTokenFile, b.adminTokenFile].compactMap { $0 }
        #expect(!tokens.isEmpty, "neither server wrote an admin token")
        #expect(Set(tokens).count == 1, "one cluster, one admin token")
        let token = try #require(tokens.first)
        for server in [a, b] {
            #expect(try await HTTP.isAdmin(server, token: token), "\(server.name) refuses the cluster's token")
            #expect(try await !HTTP.isAdmin(server, token: String(token.reversed())))
        }

        let id = try await HTTP.upload(b, try cluster.photo(seed: 61), name: "b.jpg", token: token).photo.id
        #expect(try await HTTP.page(a, limit: 5).items.map(\.id) == [id])

        // A rotation against the catalog reaches every server at its next request.
        let rotated = try await cluster.run(["token", "rotate"])
        #expect(rotated.status == 0, "\(rotated.output)")
        let fresh = try #require(rotated.output.split(separator: "\n").last.map(String.init))
        for server in [a, b] {
            #expect(try await HTTP.isAdmin(server, token: fresh), "\(server.name) refuses the rotated token")
            #expect(try await !HTTP.isAdmin(server, token: token), "\(server.name) still takes the old token")
        }
    }
}
