import Catalog
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// `POST /api/v1/links/{slug}/photos` on a `--private` server, over a real socket: into the link's album,
/// logged with the link, bounded in size and count, and refused wherever the link does not take uploads;
/// and the upload-only link, which shows nothing.
@Suite struct LinkUploadRouteTests {
    let inputs = TemporaryDirectory("link-uploads")

    func photo(_ seed: UInt32) throws -> [UInt8] {
        Fixtures.bytes(of: try Fixtures.write(inputs.file("new\(seed).jpg"), width: 320, height: 240, seed: seed))
    }

    @Test func anUploadJoinsTheLinksAlbumMarkedWithTheLink() async throws {
        let server = try await LinkServer(photos: 3)
        let ids = server.fixture.ids
        let catalog = server.fixture.library.catalog
        try await server.app().test(.live) { client in
            let album = try await server.album(client, "Party", ids: [ids[2]])
            let link = try await server.link(client, #"{"albumId":"\#(album.id)","allowUpload":true}"#)
            let uploads = "/api/v1/links/\(link.slug)/photos"
            // The file's own keywords are no more the owner's tags than the form's are.
            let labelled = Fixtures.bytes(
                of: try Fixtures.addKeywords(
                    ["spam", "visitor-keyword"],
                    to: try Fixtures.write(inputs.file("labelled.jpg"), width: 320, height: 240, seed: 40)))
            let created = try await client.execute(
                uri: uploads + "?title=Mine&tag=visitor", method: .post, body: ByteBuffer(bytes: labelled)
            ) { (r: TestResponse) async throws in
                #expect(r.status == .created, "\(r.text)")
                return try #require(try r.decode(LinkUploadResult.self).id)
            }
            #expect(try await catalog.uploadLinks(photoId: created) == [link.slug])
            #expect(try await catalog.tags(of: created).isEmpty, "a visitor does not label the library")
            // The owner's upload of a file with keywords keeps them: the fixture's keywords are read.
            let ownKeywords = Fixtures.bytes(
                of: try Fixtures.addKeywords(
                    ["harbour"], to: try Fixtures.write(inputs.file("own.jpg"), width: 320, height: 240, seed: 42)))
            let owned = try await client.execute(
                uri: "/api/v1/photos?filename=own.jpg", method: .post, headers: server.auth,
                body: ByteBuffer(bytes: ownKeywords)
            ) { (r: TestResponse) async throws in try r.decode(UploadResult.self).photo.id }
            #expect(try await catalog.tags(of: owned) == ["harbour"])
            #expect(try await catalog.photo(id: created)?.photo.title == nil)
            let page = try await client.execute(uri: uploads, method: .get) { (r: TestResponse) async throws in
                try r.decode(PhotoPage.self)
            }
            #expect(Set(page.items.map(\.id)) == [ids[2], created])
            let boundary = "b0undary"
            let multipart = UploadRouteTests.multipart(
                boundary: boundary, file: try photo(41), filename: "../../x.jpg", fields: [("tag", "no")])
            try await client.execute(
                uri: uploads, method: .post, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"],
                body: ByteBuffer(bytes: multipart)
            ) { (r: TestResponse) async throws in
                #expect(try r.status == .created && r.decode(LinkUploadResult.self).id != nil)
            }
            // Bytes the library holds outside the link: received, not added, and nothing told of them.
            let outside = Fixtures.bytes(of: try #require(server.fixture.sources[ids[0]]))
            try await client.execute(uri: uploads, method: .post, body: ByteBuffer(bytes: outside)) {
                (r: TestResponse) async throws in
                #expect(try r.status == .created && r.decode(LinkUploadResult.self).id == nil)
            }
            try await client.execute(uri: uploads, method: .get) { (r: TestResponse) async throws in
                let items = try r.decode(PhotoPage.self).items.map(\.id)
                #expect(items.count == 3 && !items.contains(ids[0]), "another photo never joins through a link")
            }
            try await client.execute(uri: "/api/v1/links", method: .get, headers: server.auth) {
                (r: TestResponse) async throws in
                #expect(try r.decode(LinkList.self).items.first?.uploadCount == 2)
            }
            #expect(try await catalog.uploadLinks(photoId: ids[0]).isEmpty)
        }
    }

    /// A visitor's Live Photo clip with the identifier of one of the owner's stills stays a photo of its own:
    /// it joined the still (changing the owner's photo), and a refused upload then removed what it joined.
    @Test func aVisitorsClipJoinsNoneOfTheOwnersPhotos() async throws {
        let server = try await LinkServer(photos: 1)
        let catalog = server.fixture.library.catalog
        let identifier = "0D9E8F7A-1B2C-4D3E-8F90-A1B2C3D4E5F6"
        try await server.app().test(.live) { client in
            let still = Fixtures.bytes(
                of: try LivePhotoFixtures.still(inputs.file("IMG_1.JPG"), identifier: identifier))
            let owned = try await client.execute(
                uri: "/api/v1/photos?filename=IMG_1.JPG", method: .post, headers: server.auth,
                body: ByteBuffer(bytes: still)
            ) { (r: TestResponse) async throws in try r.decode(UploadResult.self).photo.id }
            let link = try await server.link(
                client, #"{"photos":{"ids":["\#(server.fixture.ids[0])"]},"allowUpload":true}"#)
            let clip = Fixtures.bytes(of: try LivePhotoFixtures.clip(inputs.file("IMG_1.MOV"), identifier: identifier))
            let created = try await client.execute(
                uri: "/api/v1/links/\(link.slug)/photos?filename=IMG_1.MOV", method: .post,
                body: ByteBuffer(bytes: clip)
            ) { (r: TestResponse) async throws in
                #expect(r.status == .created, "\(r.text)")
                return try #require(try r.decode(LinkUploadResult.self).id)
            }
            #expect(created != owned)
            #expect(try await catalog.photo(id: owned)?.variants[.motion] == nil, "the owner's still is as it was")
            #expect(try await catalog.photo(id: created)?.photo.kind == .video)
            #expect(try await catalog.uploadLinks(photoId: created) == [link.slug])
        }
    }

    @Test func aVisitorsUploadIsRenderedWhenItAnswersWhileTheOwnersIsQueued() async throws {
        let server = try await LinkServer(photos: 1)
        let catalog = server.fixture.library.catalog
        var limits = Limits()
        limits.queuesUploadRenders = true
        try await server.app(limits: limits).test(.live) { client in
            let album = try await server.album(client, "Drop", ids: [server.fixture.ids[0]])
            let link = try await server.link(client, #"{"albumId":"\#(album.id)","allowUpload":true}"#)
            let visitors = try await client.execute(
                uri: "/api/v1/links/\(link.slug)/photos", method: .post, body: ByteBuffer(bytes: try photo(60))
            ) { (r: TestResponse) async throws in
                #expect(r.status == .created, "\(r.text)")
                return try #require(try r.decode(LinkUploadResult.self).id)
            }
            // The link's page has no change feed to learn of a render later: the visitor sees the photo now.
            let rendered = try #require(try await catalog.photo(id: visitors))
            #expect(rendered.photo.status == .ready && rendered.variants.count == VariantKind.madeAtImport.count)
            let owners = try await client.execute(
                uri: "/api/v1/photos?filename=owner.jpg", method: .post, headers: server.auth,
                body: ByteBuffer(bytes: try photo(61))
            ) { (r: TestResponse) async throws in try r.decode(UploadResult.self).photo }
            #expect(owners.status == "processing")
        }
    }

    @Test func uploadsAreRefusedWhereTheLinkDoesNotTakeThem() async throws {
        let server = try await LinkServer(photos: 1)
        let id = server.fixture.ids[0]
        var limits = Limits()
        limits.linkUploads = 1
        let access = AccessConfiguration(isPrivate: true, maximumUploadBytes: 64 * 1024, failedAttemptLimit: 4)
        try await server.app(access: access, limits: limits).test(.live) { client in
            func post(_ slug: String, _ bytes: [UInt8], headers: HTTPFields = [:]) async throws -> TestResponse {
                try await client.execute(
                    uri: "/api/v1/links/\(slug)/photos", method: .post, headers: headers, body: ByteBuffer(bytes: bytes)
                ) { (r: TestResponse) async throws in r }
            }
            let closed = try await server.link(client, #"{"photos":{"ids":["\#(id)"]}}"#)
            var r = try await post(closed.slug, try photo(50))
            #expect(try r.status == .forbidden && r.errorCode() == "no_uploads")
            let locked = try await server.link(
                client, #"{"photos":{"ids":["\#(id)"]},"allowUpload":true,"password":"pw"}"#)
            r = try await post(locked.slug, try photo(50))
            #expect(try r.status == .unauthorized && r.errorCode() == "password_required")
            let open = try await server.link(client, #"{"photos":{"ids":["\#(id)"]},"allowUpload":true}"#)
            r = try await post(open.slug, [UInt8](repeating: 0xFF, count: 64 * 1024 + 1))
            #expect(r.status == .contentTooLarge, "the server's upload limit")
            r = try await post(open.slug, try photo(51))
            #expect(r.status == .created)
            r = try await post(open.slug, try photo(52))
            #expect(try r.status == .conflict && r.errorCode() == "too_many_uploads", "one upload per link here")
            r = try await post("AAAAAAAAAAAAAAAAAAAAAAAA", try photo(53))
            #expect(r.status == .notFound)
            // The owner's upload route stays the owner's: a link's visitor has no token.
            r = try await client.execute(uri: "/api/v1/photos", method: .post, body: ByteBuffer(bytes: try photo(54))) {
                (r: TestResponse) async throws in r
            }
            #expect(r.status == .unauthorized)
            #expect(try await server.fixture.library.catalog.linkUploadCount(slug: open.slug) == 1)
        }
    }

    @Test func uploadsAtTheSameMomentNeverPassTheLinksBound() async throws {
        let server = try await LinkServer(photos: 1)
        var limits = Limits()
        limits.linkUploads = 3
        (limits.linkUploadsPerClient, limits.linkUploadsAtOnce) = (8, 8)
        let bodies = try (0..<8).map { try photo(UInt32(70 + $0)) }
        let catalog = server.fixture.library.catalog
        try await server.app(limits: limits).test(.live) { client in
            let link = try await server.link(
                client, #"{"photos":{"ids":["\#(server.fixture.ids[0])"]},"allowUpload":true}"#)
            // Every request on a connection of its own, all sent before any answer is read: each passes the
            // quick count before any of them is recorded.
            let port = try #require(client.port)
            let connections = try bodies.map { body in
                let connection = try RawConnection(port: port)
                try connection.send(
                    "POST /api/v1/links/\(link.slug)/photos HTTP/1.1\r\nHost: localhost\r\n"
                        + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n")
                try connection.send(body)
                return connection
            }
            let statuses = try await onThread {
                connections.map { $0.read(until: "\r\n")?.split(separator: " ").dropFirst().first.map(String.init) }
            }
            #expect(statuses.filter { $0 == "201" }.count == 3, "\(statuses)")
            #expect(statuses.filter { $0 == "409" }.count == 5, "\(statuses)")
            #expect(try await catalog.linkUploadCount(slug: link.slug) == 3)
            #expect(try await catalog.count() == 1 + 3, "an upload past the bound is not kept")
        }
    }

    @Test func aFileDropShowsNoPhotosAndItsPageTakesFiles() async throws {
        let server = try await LinkServer(photos: 2)
        let ids = server.fixture.ids
        let catalog = server.fixture.library.catalog
        try await server.app().test(.live) { client in
            let drop = try await server.link(
                client, #"{"photos":{"ids":["\#(ids[0])"]},"title":"Wedding","allowUpload":true,"showPhotos":false}"#)
            #expect(!drop.showPhotos && drop.allowUpload)
            let api = "/api/v1/links/\(drop.slug)"
            try await client.execute(uri: api, method: .get) { (r: TestResponse) async throws in
                let info = try r.decode(LinkInfo.self)
                #expect(!info.showPhotos && info.photoCount == nil && info.allowUpload)
            }
            let key = try #require(try await catalog.photo(id: ids[0])?.variants[.thumbJPEG]).blobKey.hex
            for path in [api + "/photos", api + "/timeline", api + "/photos/\(ids[0])", api + "/assets/\(key)"] {
                try await client.execute(uri: path, method: .get) { (r: TestResponse) async throws in
                    #expect(try r.status == .forbidden && r.errorCode() == "upload_only", "\(path)")
                }
            }
            try await client.execute(uri: "/api/v1/zip?link=\(drop.slug)", method: .get) {
                (r: TestResponse) async throws in
                #expect(r.status == .forbidden, "no archive of a file drop")
            }
            try await client.execute(uri: "/s/\(drop.slug)", method: .get) { (r: TestResponse) async throws in
                #expect(r.status == .ok)
                r.expectLinkPageHeaders()
                #expect(r.text.contains("Drop files here") && r.text.contains(#"enctype="multipart/form-data""#))
                #expect(r.text.contains(#"action="\#(api)/photos""#) && !r.text.contains(ids[0]))
            }
            // The page's form, posted by a browser: back to the page, which thanks the visitor.
            let boundary = "dropb0undary"
            let body = UploadRouteTests.multipart(
                boundary: boundary, file: try photo(60), filename: "a.jpg", fields: [])
            let navigation: HTTPFields = [
                .contentType: "multipart/form-data; boundary=\(boundary)", .accept: "text/html,*/*",
                HTTPField.Name("Sec-Fetch-Mode")!: "navigate", HTTPField.Name("Sec-Fetch-Site")!: "same-origin",
            ]
            try await client.execute(
                uri: api + "/photos", method: .post, headers: navigation, body: ByteBuffer(bytes: body)
            ) { (r: TestResponse) async throws in
                #expect(r.status == .seeOther && r.headers[.location] == "/s/\(drop.slug)?sent=1")
            }
            try await client.execute(uri: "/s/\(drop.slug)?sent=1", method: .get) { (r: TestResponse) async throws in
                #expect(r.text.contains("Received. Thank you!"))
            }
            let json = try await client.execute(
                uri: api + "/photos", method: .post, body: ByteBuffer(bytes: try photo(61))
            ) { (r: TestResponse) async throws in try r.decode(LinkUploadResult.self)
            }
            #expect(json.id == nil, "a file drop names nothing back")
            #expect(try await catalog.linkUploadCount(slug: drop.slug) == 2)
            // The owner sees what arrived; opening the link to viewing shows it too.
            try await client.execute(
                uri: api, method: .patch, headers: server.auth, body: ByteBuffer(string: #"{"showPhotos":true}"#)
            ) { (r: TestResponse) async throws in #expect(try r.decode(ShareLink.self).showPhotos)
            }
            try await client.execute(uri: api + "/photos", method: .get) { (r: TestResponse) async throws in
                #expect(try r.decode(PhotoPage.self).total == 3)
            }
        }
    }
}
