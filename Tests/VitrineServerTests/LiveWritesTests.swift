import Catalog
import CatalogSQLite
import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// The change feed and uploads over a real socket: what only a live connection can show.
@Suite struct LiveWritesTests {
    static func change(_ event: [String: String]?) throws -> ChangeMessage {
        let event = try #require(event)
        #expect(event["event"] == "change")
        let data = try #require(event["data"])
        let message = try JSONDecoder().decode(ChangeMessage.self, from: Data(data.utf8))
        #expect(event["id"] == String(message.seq), "the SSE id is the sequence number")
        return message
    }

    static func subscribe(port: Int, headers: String = "", query: String = "") throws -> RawConnection {
        let connection = try RawConnection(port: port)
        try connection.send(
            "GET /api/v1/events\(query) HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\(headers)\r\n")
        return connection
    }

    @Test func eventsArriveInOrderAndResumeAcrossAReconnect() async throws {
        let fixture = try await ServerFixture(photos: 2)
        let auth = try fixture.bearer()
        let upload = Fixtures.bytes(
            of: try Fixtures.write(fixture.inputs.file("live.jpg"), width: 500, height: 400, seed: 77))
        try await fixture.makeApp().test(.live) { client in
            let port = try #require(client.port)
            let first = try Self.subscribe(port: port)
            let ready = try #require(await first.nextEvent())
            #expect(ready["event"] == "ready")
            let readyID = try #require(ready["id"])
            let start = try #require(Int64(readyID))
            #expect(start == (try await fixture.library.catalog.latestChangeSeq()))

            let created = try await client.execute(
                uri: "/api/v1/photos?filename=live.jpg", method: .post, headers: auth, body: ByteBuffer(bytes: upload)
            ) { try $0.decode(UploadResult.self) }
            let id = created.photo.id
            let inserted = try Self.change(await first.nextEvent())
            #expect(inserted.kind == "insert" && inserted.id == id && inserted.seq == start + 1)
            #expect(inserted.photo?.id == id && inserted.photo?.width == 500 && inserted.total == 3)
            #expect(inserted.sortKey.id == id)
            first.close()

            // While nobody listens: an edit and a delete.
            try await client.execute(
                uri: "/api/v1/photos/\(id)", method: .patch, headers: auth,
                body: ByteBuffer(string: #"{"title":"Edited"}"#)
            ) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/v1/photos/\(fixture.ids[0])", method: .delete, headers: auth) {
                #expect($0.status == .noContent)
            }

            let resumed = try Self.subscribe(port: port, headers: "Last-Event-ID: \(inserted.seq)\r\n")
            let updated = try Self.change(await resumed.nextEvent())
            #expect(updated.kind == "update" && updated.id == id && updated.photo?.title == "Edited")
            #expect(updated.seq == inserted.seq + 1)
            let deleted = try Self.change(await resumed.nextEvent())
            #expect(deleted.kind == "delete" && deleted.id == fixture.ids[0] && deleted.photo == nil)
            #expect(deleted.seq == updated.seq + 1 && deleted.total == 2)

            // Live again after the backlog, and a client reconnecting by itself with ?since= gets the same.
            let bySince = try Self.subscribe(port: port, query: "?since=\(updated.seq)")
            #expect(try Self.change(await bySince.nextEvent()).seq == deleted.seq)
            try await client.execute(
                uri: "/api/v1/photos/\(id)", method: .patch, headers: auth, body: ByteBuffer(string: #"{"tags":["x"]}"#)
            ) { #expect($0.status == .ok) }
            #expect(try Self.change(await resumed.nextEvent()).seq == deleted.seq + 1)
            #expect(try Self.change(await bySince.nextEvent()).seq == deleted.seq + 1)

            // A sequence number this catalog never issued cannot resume: the client must reload.
            let stale = try Self.subscribe(port: port, query: "?since=999999")
            let reset = try #require(await stale.nextEvent())
            #expect(reset["event"] == "reset")
            try await client.execute(uri: "/api/v1/events?since=-1", method: .get) { #expect($0.status == .badRequest) }
        }
    }

    @Test func anotherProcessesChangesArriveByPolling() async throws {
        let fixture = try await ServerFixture(photos: 1)
        try await fixture.makeApp().test(.live) { client in
            let stream = try Self.subscribe(port: try #require(client.port))
            _ = try #require(await stream.nextEvent())
            // A second catalog on the same file stands for `vitrine import` running beside the server.
            let other = try SQLiteCatalog(path: fixture.library.directory + "/catalog.sqlite")
            _ = try await other.update(id: fixture.ids[0], .init(title: "From the CLI"))
            let message = try Self.change(await stream.nextEvent())
            #expect(message.kind == "update" && message.photo?.title == "From the CLI")
        }
    }

    @Test func anUploadCutOffHalfwayLeavesNothing() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let token = try fixture.adminToken()
        let bytes = Fixtures.bytes(
            of: try Fixtures.write(fixture.inputs.file("big.jpg"), width: 1600, height: 1200, seed: 5))
        try await fixture.makeApp().test(.live) { client in
            let port = try #require(client.port)
            for cut in [1, bytes.count / 2, bytes.count - 1] {
                let connection = try RawConnection(port: port)
                try connection.send(
                    "POST /api/v1/photos?filename=cut.jpg HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(token)\r\n"
                        + "Content-Type: image/jpeg\r\nContent-Length: \(bytes.count)\r\n\r\n")
                try connection.send(Array(bytes[..<cut]))
                connection.close()
            }
            // The server notices the hang-ups asynchronously; give it a moment, then check.
            for _ in 0..<50 where !(try fixture.library.temporaries.leftoverFiles()).isEmpty {
                try await Task.sleep(for: .milliseconds(100))
            }
            try await UploadRouteTests.expectNothingHalfStored(fixture, photos: 1)
            // And the server is still fine: the whole file goes through.
            try await client.execute(
                uri: "/api/v1/photos", method: .post, headers: [.authorization: "Bearer \(token)"],
                body: ByteBuffer(bytes: bytes)
            ) { #expect($0.status == .created) }
        }
        try await UploadRouteTests.expectNothingHalfStored(fixture, photos: 2)
    }
}
