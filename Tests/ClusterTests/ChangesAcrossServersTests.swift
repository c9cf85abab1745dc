import Foundation
import Testing
import VitrineAPI

/// Two servers on one database and one bucket: a write on either is read, and announced on the event
/// stream, by the other. The announcement travels through PostgreSQL's LISTEN/NOTIFY.
@Suite struct ChangesAcrossServersTests {
    @Test func anUploadThroughAIsListedAndAnnouncedByB() async throws {
        let cluster = try await ClusterLibrary("upload")
        let a = try await cluster.start("a")
        let b = try await cluster.start("b")
        let token = try #require(a.adminTokenFile, "server a wrote no admin token")
        let streamB = try await EventStream.open(b)
        defer { streamB.close() }

        let bytes = try cluster.photo(seed: 11)
        let uploaded = try await HTTP.upload(a, bytes, name: "a.jpg", token: token)
        let answered = ContinuousClock.now
        let id = uploaded.photo.id
        #expect(!uploaded.duplicate)

        let announced = try await streamB.change("insert", id: id)
        let (message, arrived) = try #require(announced, "B's stream never announced A's upload")
        #expect(message.photo?.id == id && message.total == 1)
        // The event may even arrive before A's answer (negative): NOTIFY is delivered at commit.
        let latency = arrived - answered
        print("event on B \(latency.milliseconds) ms after A's answer")
        #expect(latency < .seconds(2), "the issue's target is 100 ms (see make bench); 2 s means no wake-up at all")

        let listed = try await HTTP.page(b, limit: 10)
        #expect(listed.items.map(\.id) == [id] && listed.total == 1)
        let detail = try await HTTP.get(b.base + "/api/v1/photos/\(id)")
        #expect(detail.status == 200)
        let original = try await HTTP.get(b.base + uploaded.photo.original.url)
        #expect(original.status == 200 && original.body == bytes, "B serves A's bytes")
    }

    @Test func aDeleteOnBReachesAsStream() async throws {
        let cluster = try await ClusterLibrary("delete")
        let a = try await cluster.start("a")
        let b = try await cluster.start("b")
        let token = try #require(a.adminTokenFile, "server a wrote no admin token")
        let id = try await HTTP.upload(a, try cluster.photo(seed: 21), name: "d.jpg", token: token).photo.id
        let streamA = try await EventStream.open(a)
        defer { streamA.close() }

        try await HTTP.delete(b, id: id, token: token)
        let answered = ContinuousClock.now
        let (message, arrived) = try #require(
            try await streamA.change("delete", id: id), "A's stream never announced B's delete")
        #expect(message.photo == nil && message.total == 0)
        print("event on A \((arrived - answered).milliseconds) ms after B's answer")
        #expect(try await HTTP.page(a, limit: 10).items.isEmpty)
        let gone = try await HTTP.get(a.base + "/api/v1/photos/\(id)")
        #expect(gone.status == 404)
    }

    @Test func anImportByTheCommandLineWakesEveryServer() async throws {
        let cluster = try await ClusterLibrary("cli")
        let a = try await cluster.start("a")
        let b = try await cluster.start("b")
        let (streamA, streamB) = (try await EventStream.open(a), try await EventStream.open(b))
        defer {
            streamA.close()
            streamB.close()
        }
        let file = cluster.scratch.file("cli.jpg")
        try Data(try cluster.photo(seed: 31)).write(to: URL(fileURLWithPath: file))
        let imported = try await cluster.run(["import"], [file])
        #expect(imported.status == 0, "\(imported.output)")
        let id = try #require(try await HTTP.page(a, limit: 1).items.first?.id)
        #expect(try await streamA.change("insert", id: id) != nil, "A's stream missed the CLI import")
        #expect(try await streamB.change("insert", id: id) != nil, "B's stream missed the CLI import")
    }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
