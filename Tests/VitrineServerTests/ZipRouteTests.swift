import Foundation
import Hummingbird
import HummingbirdTesting
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// `GET /api/v1/zip`: the originals of a selection as one archive, read back by Python's `zipfile` and
/// `unzip -t`, resumable with `Range`.
@Suite struct ZipRouteTests {
    static func save(_ bytes: [UInt8], in dir: TemporaryDirectory) throws -> String {
        let path = dir.file("download.zip")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func anArchiveHoldsTheOriginalsByteForByteNamedByTheTimeTaken() async throws {
        let fixture = try await ServerFixture(photos: 3)
        let ids = [fixture.ids[2], fixture.ids[0], fixture.ids[1], fixture.ids[2]]
        let uri = "/api/v1/zip?ids=" + ids.joined(separator: ",")
        let dir = TemporaryDirectory("zip-route")
        try await fixture.makeApp().test(.router) { client in
            let (bytes, etag) = try await client.execute(uri: uri, method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/zip")
                #expect(response.headers[.contentLength] == String(response.bytes.count))
                #expect(response.headers[.contentDisposition] == #"attachment; filename="vitrine-3-photos.zip""#)
                #expect(response.headers[.acceptRanges] == "bytes")
                return (response.bytes, response.headers[.eTag])
            }
            let lines = try await ZipReaders.python(try Self.save(bytes, in: dir))
            var expected: [String] = []
            for (k, id) in [fixture.ids[2], fixture.ids[0], fixture.ids[1]].enumerated() {
                let day = [3, 1, 2][k]
                let size = try FileManager.default.attributesOfItem(atPath: fixture.sources[id]!)[.size] as! Int
                expected.append(
                    "2020-01-0\(day) 10.00.00.jpg\t\(size)\t2020-01-0\(day) 10:00:00\t\(try sha256Hex(fixture.sources[id]!))"
                )
            }
            #expect(lines == expected)
            try await ZipReaders.unzip(try Self.save(bytes, in: dir))

            try await client.execute(uri: uri, method: .head) { (response: TestResponse) async throws in
                #expect(response.status == .ok)
                #expect(response.headers[.contentLength] == String(bytes.count))
                #expect(response.headers[.eTag] == etag)
                #expect(response.bytes.isEmpty)
            }
        }
    }

    @Test func aDroppedDownloadResumesWithRangeWhileThePhotosMakeTheSameArchive() async throws {
        let fixture = try await ServerFixture(photos: 3)
        let uri = "/api/v1/zip?ids=" + fixture.ids.joined(separator: ",")
        let dir = TemporaryDirectory("zip-route")
        try await fixture.makeApp().test(.router) { client in
            let (whole, etag) = try await client.execute(uri: uri, method: .get) {
                (response: TestResponse) async throws in
                (response.bytes, try #require(response.headers[.eTag]))
            }
            let cut = whole.count / 2 + 7
            let rest = try await client.execute(
                uri: uri, method: .get, headers: [.range: "bytes=\(cut)-", .ifRange: etag]
            ) { (response: TestResponse) async throws in
                #expect(response.status == .partialContent)
                #expect(response.headers[.contentRange] == "bytes \(cut)-\(whole.count - 1)/\(whole.count)")
                #expect(response.headers[.contentLength] == String(whole.count - cut))
                return response.bytes
            }
            let resumed = Array(whole[..<cut]) + rest
            #expect(resumed == whole)
            _ = try await ZipReaders.python(try Self.save(resumed, in: dir), digests: false)
            try await ZipReaders.unzip(try Self.save(resumed, in: dir))

            // Another archive's validator: the whole of this one.
            try await client.execute(
                uri: uri, method: .get, headers: [.range: "bytes=\(cut)-", .ifRange: "\"zip-other\""]
            ) { (response: TestResponse) async throws in
                #expect(response.status == .ok)
                #expect(response.bytes == whole)
            }
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=\(whole.count)-"]) {
                (response: TestResponse) async throws in
                #expect(response.status == .rangeNotSatisfiable)
                #expect(response.headers[.contentRange] == "bytes */\(whole.count)")
            }
            // The same photos in another order are another archive.
            let reversed = "/api/v1/zip?ids=" + fixture.ids.reversed().joined(separator: ",")
            try await client.execute(uri: reversed, method: .head) { (response: TestResponse) async throws in
                #expect(response.headers[.eTag] != etag)
            }

            // The directory's checksums are kept from the whole download: a range over the directory reads
            // no original again (here, none is left to read).
            let directory = whole.suffix(22).dropFirst(16).prefix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
            var originals: [BlobKey] = []
            for id in fixture.ids {
                originals.append(
                    try #require(try await fixture.library.catalog.photo(id: id)?.variants[.original]).blobKey)
            }
            try await fixture.library.blobs.delete(originals)
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=\(directory)-"]) {
                (response: TestResponse) async throws in
                #expect(response.status == .partialContent)
                #expect(response.bytes == Array(whole[directory...]))
            }
        }
    }

    @Test func idsThatAreNotPhotosAreRefused() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let id = fixture.ids[0]
        let tooMany = (0..<(ZipController<VitrineRequestContext>.maximumPhotos + 1)).map { n in
            "AAAAAA" + String(String(n, radix: 16).leftPadded(to: 6))
        }
        try await fixture.makeApp().test(.router) { client in
            for query in [
                "", "?ids=", "?ids=abc", "?ids=\(id),", "?ids=,\(id)", "?ids=../../etc/passwd", "?ids=\(id)%00",
            ] {
                try await client.execute(uri: "/api/v1/zip\(query)", method: .get) {
                    (response: TestResponse) async throws in
                    #expect(response.status == .badRequest, "\(query)")
                    #expect(try response.decode(APIErrorBody.self).error.code == "bad_ids")
                }
            }
            try await client.execute(uri: "/api/v1/zip?ids=" + tooMany.joined(separator: ","), method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/api/v1/zip?ids=\(id),ZZZZZZZZZZZZ", method: .get) {
                (response: TestResponse) async throws in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func aPrivateServerAnswersOnlyWithTheToken() async throws {
        let fixture = try await ServerFixture(photos: 1)
        let uri = "/api/v1/zip?ids=\(fixture.ids[0])"
        try await fixture.makeApp(access: AccessConfiguration(isPrivate: true)).test(.router) { client in
            try await client.execute(uri: uri, method: .get) { (response: TestResponse) async throws in
                #expect(response.status == .unauthorized)
            }
            try await client.execute(uri: uri, method: .get, headers: try fixture.bearer()) {
                (response: TestResponse) async throws in
                #expect(response.status == .ok)
            }
        }
    }
}

extension ZipRouteTests {
    /// An album's archive for the owner; a link's for its visitor on a private server, when the link allows
    /// downloads, and never a photo outside it.
    @Test func anAlbumOrALinkDownloadsAsOneArchive() async throws {
        let fixture = try await ServerFixture(photos: 3)
        let auth = try fixture.bearer()
        let (a, b) = (fixture.ids[0], fixture.ids[2])
        let dir = TemporaryDirectory("zip-sets")
        try await fixture.makeApp(access: AccessConfiguration(isPrivate: true)).test(.router) { client in
            let album = try await client.execute(
                uri: "/api/v1/albums", method: .post, headers: auth,
                body: ByteBuffer(string: #"{"title":"Two","photos":{"ids":["\#(a)","\#(b)"]}}"#)
            ) { (r: TestResponse) async throws in try r.decode(Album.self) }
            let names = try await client.execute(uri: "/api/v1/zip?album=\(album.id)", method: .get, headers: auth) {
                (r: TestResponse) async throws in
                #expect(r.status == .ok)
                return try await ZipReaders.python(try Self.save(r.bytes, in: dir)).map { $0.prefix(10) }
            }
            #expect(names == ["2020-01-03", "2020-01-01"], "newest first")
            try await client.execute(uri: "/api/v1/zip?album=\(album.id)", method: .get) {
                (r: TestResponse) async throws in #expect(r.status == .unauthorized)
            }
            for (allow, status) in [(true, HTTPResponse.Status.ok), (false, .forbidden)] {
                let link = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: auth,
                    body: ByteBuffer(string: #"{"photos":{"ids":["\#(b)"]},"allowDownload":\#(allow)}"#)
                ) { (r: TestResponse) async throws in try r.decode(ShareLink.self) }
                try await client.execute(uri: "/api/v1/zip?link=\(link.slug)", method: .get) {
                    (r: TestResponse) async throws in
                    #expect(r.status == status)
                    if status == .ok {
                        #expect(try await ZipReaders.python(try Self.save(r.bytes, in: dir)).count == 1)
                    }
                }
            }
            for query in ["ids=\(a)&album=\(album.id)", "", "link=nope"] {
                try await client.execute(uri: "/api/v1/zip?\(query)", method: .get, headers: auth) {
                    (r: TestResponse) async throws in
                    #expect(r.status == (query == "link=nope" ? .notFound : .badRequest), "\(query)")
                }
            }
        }
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
