import Foundation
import TestSupport
import Testing

/// PostgreSQL going away under traffic: the servers answer 503 with Retry-After while it is down and
/// recover by themselves when it is back, without a restart. The test runs its own PostgreSQL server so
/// the other tests' database stays up.
@Suite struct PostgresOutageTests {
    struct Answer {
        var server: String
        var status: Int
        var retryAfter: String?
        var at: ContinuousClock.Instant
    }

    @Test func aPostgresRestartDuringAPageLoopGives503sThenTheServersRecoverByThemselves() async throws {
        let postgres = try await onThread { try PostgresServer() }
        defer { postgres.shutdown() }
        let cluster = try await ClusterLibrary(
            // The servers' own 5 s bound on waiting for a connection, not the tests' longer one: requests during
            // the outage must end well within this test's 30 s client deadline.
            "outage", catalogURL: try await onThread { try postgres.makeDatabase("outage") } + "&connect_timeout=5")
        let a = try await cluster.start("a")
        let b = try await cluster.start("b")
        let token = try #require(a.adminTokenFile, "server a wrote no admin token")
        for seed in UInt32(71)...73 {
            _ = try await HTTP.upload(a, try cluster.photo(seed: seed), name: "\(seed).jpg", token: token)
        }
        let before = try await HTTP.allIDs(b)
        #expect(before.count == 3)

        var answers: [Answer] = []
        func ask(_ server: ClusterServer) async throws {
            let response = try await HTTP.send(server.base + "/api/v1/photos?limit=2", timeout: .seconds(30))
            answers.append(
                Answer(
                    server: server.name, status: response.status,
                    retryAfter: response.headers.first(name: "Retry-After"), at: .now))
        }
        for _ in 0..<4 { for server in [a, b] { try await ask(server) } }

        try await onThread { try postgres.stop() }
        let down = ContinuousClock.now
        // Until both servers have noticed (bounded: a server that never notices fails the test below).
        while ContinuousClock.now - down < .seconds(20),
            Set(answers.filter { $0.at > down && $0.status == 503 }.map(\.server)).count < 2
        {
            for server in [a, b] { try await ask(server) }
            try await Task.sleep(for: .milliseconds(50))
        }
        try await onThread { try postgres.start() }
        let up = ContinuousClock.now
        var recovered: [String: ContinuousClock.Instant] = [:]
        while ContinuousClock.now - up < .seconds(60), recovered.count < 2 {
            for server in [a, b] {
                try await ask(server)
                if answers.last?.status == 200, recovered[server.name] == nil { recovered[server.name] = .now }
            }
            try await Task.sleep(for: .milliseconds(50))
        }

        let outage = answers.filter { $0.status != 200 }
        print(
            "PostgreSQL outage: \(answers.count) answers, \(outage.count) 503s; recovery after restart: "
                + recovered.sorted { $0.key < $1.key }.map { "\($0.key) \(($0.value - up).milliseconds) ms" }
                .joined(separator: ", "))
        #expect(answers.allSatisfy { $0.status == 200 || $0.status == 503 }, "\(answers.map(\.status))")
        for answer in outage {
            #expect(answer.retryAfter.flatMap(Int.init).map { $0 >= 1 } == true, "a 503 without Retry-After")
        }
        #expect(Set(outage.map(\.server)) == ["a", "b"], "both servers answered 503 while PostgreSQL was down")
        #expect(recovered.count == 2, "a server did not recover within 60 s of PostgreSQL's return")
        #expect(a.process.isRunning && b.process.isRunning, "no server exited")

        // Recovered for good: reads agree, a write through A is read, and announced, by B.
        #expect(try await HTTP.allIDs(a) == before)
        let streamB = try await EventStream.open(b)
        defer { streamB.close() }
        let id = try await HTTP.upload(a, try cluster.photo(seed: 74), name: "after.jpg", token: token).photo.id
        let answered = ContinuousClock.now
        let (_, arrived) = try #require(try await streamB.change("insert", id: id), "no event after the outage")
        print("after the outage, event on B \((arrived - answered).milliseconds) ms after A's answer")
        #expect(try await HTTP.allIDs(b).count == 4)
    }
}
