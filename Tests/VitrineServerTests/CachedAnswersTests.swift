import Catalog
import Compat
import Foundation
import Hummingbird
import HummingbirdTesting
import Ingest
import ServerTestSupport
import TestSupport
import Testing
import VitrineAPI
import VitrineApp

@testable import VitrineServer

/// Pages and details are kept per change-feed position: a write through the server, or one its catalog
/// announces, is read back at once; one nobody announced (another process on the same SQLite file) within
/// `--feed-position-max-age`.
@Suite struct CachedAnswersTests {
    func app(_ fixture: ServerFixture, maximumAge: Int, cacheMegabytes: Int = 32) throws -> some ApplicationProtocol {
        var limits = Limits()
        limits.feedPositionMaximumAgeMilliseconds = maximumAge
        limits.answerCacheMegabytes = cacheMegabytes
        return Application(
            router: try VitrineServer.makeRouter(
                library: fixture.library, webRoot: nil, limits: limits, routes: [CompatRoutes(CompatConfiguration())]))
    }

    func title(_ client: some TestClientProtocol, _ id: String) async throws -> String? {
        try await client.execute(uri: "/api/v1/photos/\(id)", method: .get) { response in
            #expect(response.status == .ok)
            return try response.decode(PhotoDetail.self).title
        }
    }

    /// Another connection to the same catalog file, as a CLI in another process would have: its commits
    /// reach the server through no observation.
    func elsewhere(_ fixture: ServerFixture) async throws -> Library {
        try await openLibrary(StorageConfiguration(dataDirectory: fixture.data.path))
    }

    @Test func writesThroughTheServerAreReadBackAtOnceAndUnannouncedOnesAfterTheMaximumAge() async throws {
        let fixture = try await ServerFixture()
        let id = fixture.ids[0]
        let other = try await elsewhere(fixture)
        try await app(fixture, maximumAge: 600_000).test(.router) { client in
            #expect(try await title(client, id) == nil)
            _ = try await other.catalog.update(id: id, CatalogEdit(title: "Unannounced"))
            #expect(try await title(client, id) == nil, "kept: nothing told this server, and a read is trusted 10 min")
            try await client.execute(
                uri: "/api/v1/photos/\(fixture.ids[1])", method: .patch, headers: try fixture.bearer(),
                body: ByteBuffer(string: #"{"title":"Through the server"}"#)
            ) { #expect($0.status == .ok) }
            #expect(try await title(client, id) == "Unannounced", "a write here drops what was kept")
            #expect(try await title(client, fixture.ids[1]) == "Through the server")
        }
        try await app(fixture, maximumAge: 0).test(.router) { client in
            #expect(try await title(client, id) == "Unannounced")
            _ = try await other.catalog.update(id: id, CatalogEdit(title: "Seen at once"))
            #expect(try await title(client, id) == "Seen at once", "max age 0 reads the position per request")
        }
    }

    @Test func withNoAnswerCacheEveryReadReachesTheCatalog() async throws {
        let fixture = try await ServerFixture()
        let other = try await elsewhere(fixture)
        try await app(fixture, maximumAge: 600_000, cacheMegabytes: 0).test(.router) { client in
            #expect(try await title(client, fixture.ids[0]) == nil)
            _ = try await other.catalog.update(id: fixture.ids[0], CatalogEdit(title: "Uncached"))
            #expect(try await title(client, fixture.ids[0]) == "Uncached")
        }
    }

    @Test func anUnannouncedWriteIsSeenOnceTheMaximumAgeHasPassed() async throws {
        let fixture = try await ServerFixture()
        let other = try await elsewhere(fixture)
        try await app(fixture, maximumAge: 50).test(.router) { client in
            let before = try await client.execute(uri: "/api/v1/photos?limit=1", method: .get) {
                try $0.decode(PhotoPage.self)
            }
            _ = try await other.catalog.delete(id: before.items[0].id)
            var total = before.total
            for _ in 0..<500 where total == before.total {
                try await Task.sleep(for: .milliseconds(20))
                total = try await client.execute(uri: "/api/v1/photos?limit=1", method: .get) {
                    try $0.decode(PhotoPage.self).total
                }
            }
            #expect(total == before.total - 1)
        }
    }

    @Test func theCacheKeepsOnePositionAndStaysWithinItsBounds() {
        let cache = ResponseCache(entries: 8, bytes: 1000)
        cache.store([1], for: "a", at: 5)
        #expect(cache.value(for: "a", at: 5) == [1])
        #expect(cache.value(for: "a", at: 6) == nil, "another position")
        cache.store([2], for: "a", at: 4)
        #expect(cache.value(for: "a", at: 5) == [1], "an answer made at an older position is not kept")
        cache.store([3], for: "b", at: 6)
        #expect(cache.value(for: "a", at: 5) == nil, "a newer position replaces everything")
        for n in 0..<20 {
            cache.store([UInt8(n)], for: "k\(n)", at: 6)
            _ = cache.value(for: "b", at: 6)
        }
        let kept = (0..<20).filter { cache.value(for: "k\($0)", at: 6) != nil }
        #expect(kept.count <= 8 && kept.contains(19) && !kept.contains(0), "\(kept)")
        #expect(cache.value(for: "b", at: 6) == [3], "the most used stays")
        cache.store(Array(repeating: 0, count: 400), for: "big", at: 6)
        #expect(cache.value(for: "big", at: 6) == nil, "over a quarter of the byte limit: not kept")
    }

    @Test func aRequestsLengthCountsAgainstTheByteLimit() {
        let cache = ResponseCache(entries: 1000, bytes: 1000)
        let long = "/api/v1/photos?q=" + String(repeating: "x", count: 300)
        cache.store([1], for: long, at: 1)
        #expect(cache.value(for: long, at: 1) == nil, "a key over a quarter of the limit is not kept")
        let keys = (0..<100).map { "/api/v1/photos?q=\($0)" + String(repeating: "y", count: 80) }
        for key in keys { cache.store([1], for: key, at: 1) }
        let kept = keys.filter { cache.value(for: $0, at: 1) != nil }
        #expect(kept.count * (keys[0].utf8.count + 1) <= 1000, "\(kept.count) answers kept")
        #expect(kept.contains(keys[99]), "the newest stays")
    }
}

/// The asset route's header readers against the string-splitting ones they replaced, on random headers.
@Suite struct AssetHeaderParsingTests {
    /// The reference: entries split on commas, parameters on semicolons, whitespace trimmed.
    static func referenceAccepts(_ accept: String?, _ type: String) -> Bool {
        guard let accept else { return false }
        for entry in accept.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = entry.split(separator: ";", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .init(charactersIn: " \t"))
            }
            guard parts.first?.lowercased() == type else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0
        }
        return false
    }

    @Test func acceptMatchesTheReferenceOnRandomHeaders() {
        let pieces = [
            "image/webp", "IMAGE/WebP", "image/avif", "image/*", "*/*", " ", "\t", ",", ";", "q=0", "q=0.0", "q=1",
            "q=0.8", "q=", "q=x", "level=1", "image/webpx", "text/html",
        ]
        var random = SeededGenerator(seed: 19)
        for _ in 0..<5000 {
            let header = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            #expect(
                AssetsController<VitrineRequestContext>.accepts(header, "image/webp")
                    == Self.referenceAccepts(header, "image/webp"), "\(header.debugDescription)")
        }
        #expect(AssetsController<VitrineRequestContext>.accepts(nil, "image/webp") == false)
        #expect(AssetsController<VitrineRequestContext>.accepts("image/avif,image/webp;q=0.9", "image/webp"))
        #expect(!AssetsController<VitrineRequestContext>.accepts("image/webp;q=0, */*", "image/webp"))
    }

    @Test func ifNoneMatchTakesTheTagAloneOrInAListOrWeak() {
        let etag = #""abc""#
        #expect(BlobResponder.matches(ifNoneMatch: etag, etag: etag))
        #expect(BlobResponder.matches(ifNoneMatch: #""x", W/"abc""#, etag: etag))
        #expect(BlobResponder.matches(ifNoneMatch: "*", etag: etag))
        #expect(!BlobResponder.matches(ifNoneMatch: #""abcd""#, etag: etag))
        #expect(!BlobResponder.matches(ifNoneMatch: nil, etag: etag))
    }
}
