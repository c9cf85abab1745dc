import Blobs
import Foundation
import Hummingbird
import HummingbirdTesting
import Imaging
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineServer

/// A client that accepts AVIF gets AVIF thumbs and previews once they are made; every other client gets what
/// it got before; `Vary: Accept`, ETags and ranges hold for each representation.
@Suite struct AssetAVIFRouteTests {
    /// A real photograph: AVIF beats WebP on photographs, not on the fixtures' synthetic noise.
    static let photograph = "/usr/share/wallpapers/Kite/contents/images/1920x1080.jpg"
    static let browserAccept = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"

    func firstPhoto(_ client: some TestClientProtocol) async throws -> PhotoSummary {
        try await client.execute(uri: "/api/v1/photos?limit=1", method: .get) { response in
            try #require(try response.decode(PhotoPage.self).items.first)
        }
    }

    /// Asks with `accept` until the answer is `mimeType` (the AVIF is made in the background).
    func waitFor(
        _ mimeType: String, uri: String, accept: String, client: some TestClientProtocol, headers: HTTPFields = [:],
        provisional: String = "public, max-age=60"
    ) async throws -> TestResponse {
        var headers = headers
        headers[.accept] = accept
        for _ in 0..<600 {
            let response = try await client.execute(uri: uri, method: .get, headers: headers) { $0 }
            if response.headers[.contentType] == mimeType { return response }
            #expect(response.headers[.cacheControl] == provisional, "the stand-in is cached briefly")
            try await Task.sleep(for: .milliseconds(100))
        }
        throw CancellationError()
    }

    @Test(arguments: ["thumb", "preview"])
    func avifForClientsThatAcceptItTodaysAnswerForOthers(_ which: String) async throws {
        try #require(FileManager.default.fileExists(atPath: Self.photograph), "install plasma-workspace-wallpapers")
        let fixture = try await ServerFixture(photos: 0)
        _ = try await fixture.library.importer().importFileThrowing(at: Self.photograph)
        try await fixture.makeApp().test(.router) { client in
            let item = try await firstPhoto(client)
            let variant = which == "thumb" ? item.thumb : item.preview
            let before: [String: (type: String?, etag: String?, bytes: [UInt8])] = try await withoutAVIF(
                variant.url, client: client)

            let first = try await client.execute(uri: variant.url, method: .get, headers: [.accept: Self.browserAccept])
            {
                $0
            }
            #expect(first.headers[.contentType] == (which == "thumb" ? "image/webp" : "image/jpeg"))
            #expect(first.headers[.vary] == "Accept")

            let avif = try await waitFor("image/avif", uri: variant.url, accept: Self.browserAccept, client: client)
            #expect(avif.status == .ok)
            #expect(avif.headers[.vary] == "Accept")
            #expect(avif.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let decoded = try DecodedImage(encoded: avif.bytes)
            #expect((decoded.width, decoded.height) == (variant.width, variant.height), "libvips decodes it")
            let reference = try #require(before[which == "thumb" ? "image/webp" : ""])
            #expect(avif.bytes.count < reference.bytes.count, "kept only when smaller")
            let etag = try #require(avif.headers[.eTag])
            #expect(etag == "\"\(BlobKey.of(avif.bytes).hex)\"")

            try await client.execute(
                uri: variant.url, method: .get, headers: [.accept: Self.browserAccept, .range: "bytes=10-109"]
            ) { response in
                #expect(response.status == .partialContent)
                #expect(response.headers[.contentRange] == "bytes 10-109/\(avif.bytes.count)")
                #expect(response.bytes == Array(avif.bytes[10..<110]))
                #expect(response.headers[.vary] == "Accept")
            }
            try await client.execute(
                uri: variant.url, method: .get, headers: [.accept: Self.browserAccept, .ifNoneMatch: etag]
            ) { #expect($0.status == .notModified) }
            try await client.execute(
                uri: variant.url, method: .get, headers: [.accept: "image/webp,*/*", .ifNoneMatch: etag]
            ) { #expect($0.status == .ok, "the AVIF's ETag is not another representation's") }

            let after = try await withoutAVIF(variant.url, client: client)
            for (accept, answer) in before {
                let now = try #require(after[accept])
                #expect(now.type == answer.type && now.etag == answer.etag && now.bytes == answer.bytes, "\(accept)")
            }
        }
    }

    /// A share link's visitor who names a blob of a photo the link does not share gets a 404 and starts
    /// nothing: no AVIF is made for a photo outside the link. The owner's request then makes it, within the
    /// time the visitor's was watched for, so the watch would have seen one.
    @Test func aLinkVisitorMakesNoAVIFForAPhotoOutsideTheLink() async throws {
        try #require(FileManager.default.fileExists(atPath: Self.photograph), "install plasma-workspace-wallpapers")
        let fixture = try await ServerFixture(photos: 1)
        let outside = try await fixture.library.importer().importFileThrowing(at: Self.photograph)
        guard case .imported(_, let outsideID) = outside else { throw CancellationError() }
        let auth = try fixture.bearer()
        let catalog = fixture.library.catalog
        try await fixture.makeApp(access: LinkRouteTests.privateServer).test(.router) { client in
            let link = try await LinkRouteTests().create(client, auth, #"{"photos":{"ids":["\#(fixture.ids[0])"]}}"#)
            let thumb = try #require(try await catalog.variant(photoId: outsideID, kind: .thumbWebP))
            let uri = "/api/v1/links/\(link.slug)/assets/\(thumb.blobKey.hex)"
            try await client.execute(uri: uri, method: .get, headers: [.accept: Self.browserAccept]) {
                #expect($0.status == .notFound)
            }
            let watched = ContinuousClock.now
            while ContinuousClock.now - watched < .seconds(4) {
                #expect(try await catalog.variant(photoId: outsideID, kind: .thumbAVIF) == nil)
                try await Task.sleep(for: .milliseconds(200))
            }
            let asked = ContinuousClock.now
            _ = try await waitFor(
                "image/avif", uri: "/assets/\(thumb.blobKey.hex)", accept: Self.browserAccept, client: client,
                headers: auth, provisional: "private, max-age=60")
            #expect(ContinuousClock.now - asked < .seconds(4), "the owner's AVIF came within the watch")
        }
    }

    /// What clients that do not list AVIF get, by their `Accept` ("" for none), each with `Vary: Accept`.
    func withoutAVIF(
        _ uri: String, client: some TestClientProtocol
    ) async throws -> [String: (type: String?, etag: String?, bytes: [UInt8])] {
        var answers: [String: (type: String?, etag: String?, bytes: [UInt8])] = [:]
        for accept in ["", "image/webp", "image/jpeg,*/*", "image/avif;q=0,image/webp"] {
            var headers = HTTPFields()
            if !accept.isEmpty { headers[.accept] = accept }
            try await client.execute(uri: uri, method: .get, headers: headers) { response in
                #expect(response.headers[.contentType] != "image/avif", "\(accept)")
                #expect(response.headers[.vary] == "Accept", "\(accept)")
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable", "\(accept)")
                answers[accept] = (response.headers[.contentType], response.headers[.eTag], response.bytes)
            }
        }
        return answers
    }
}
