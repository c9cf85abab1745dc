import Access
import CatalogSQLite
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import Compat
@testable import VitrineServer

/// Per-key limits: the headers count down, the window resets, and going over is a 429.
@Suite struct RateLimitTests {
    @Test func headersCountDownThenRefuseThenReset() async throws {
        let fixture = try await CompatFixture(colourPhotos: 1)
        let other = try await APIKeys(catalog: fixture.library.catalog).create(label: "other").key
        try await fixture.makeApp(rateLimit: 3).test(.router) { (client: any TestClientProtocol) async throws in
            func get(_ key: String) async throws -> (HTTPResponse.Status, String?, String?, String?, String) {
                try await client.execute(uri: "/api/?key=\(key)", method: .get) { (r: TestResponse) async throws in
                    (
                        r.status, r.headers[.rateLimitLimit], r.headers[.rateLimitRemaining],
                        r.headers[.rateLimitReset], r.text
                    )
                }
            }
            var answer = try await get(fixture.key)
            #expect(answer.0 == .ok && answer.1 == "3" && answer.2 == "2" && answer.3 == "60")
            fixture.clock.advance(10)
            answer = try await get(fixture.key)
            #expect(answer.0 == .ok && answer.2 == "1" && answer.3 == "50")
            answer = try await get(fixture.key)
            #expect(answer.0 == .ok && answer.2 == "0")
            answer = try await get(fixture.key)
            #expect(answer.0 == .tooManyRequests)
            #expect(answer.4 == "[ERROR 429] Too many requests")
            #expect(answer.1 == "3" && answer.2 == "0" && answer.3 == "50")
            // Another key has its own window.
            answer = try await get(other)
            #expect(answer.0 == .ok && answer.2 == "2")
            // An invalid parameter still counts, and still says so.
            fixture.clock.advance(49.5)
            answer = try await get(fixture.key)
            #expect(answer.0 == .tooManyRequests && answer.3 == "1")
            fixture.clock.advance(1)
            answer = try await get(fixture.key)
            #expect(answer.0 == .ok && answer.2 == "2" && answer.3 == "60", "a new window")
            try await client.execute(uri: "/api/?key=\(fixture.key)&per_page=1", method: .get) {
                (r: TestResponse) async throws in
                #expect(r.status == .badRequest)
                #expect(r.headers[.rateLimitRemaining] == "1")
            }
        }
    }

    @Test func limiterAloneIsAFixedWindow() async throws {
        let clock = ManualClock()
        let folder = TemporaryDirectory("rate-limiter")
        let catalog = try SQLiteCatalog(path: folder.file("catalog.sqlite"))
        let limiter = RateLimiter(counters: catalog, limit: 2, windowSeconds: 60, now: { clock.now })
        #expect(try await limiter.check(1) == .init(allowed: true, limit: 2, remaining: 1, resetSeconds: 60))
        #expect(try await limiter.check(1) == .init(allowed: true, limit: 2, remaining: 0, resetSeconds: 60))
        #expect(try await limiter.check(1).allowed == false)
        clock.advance(59.9)
        #expect(try await limiter.check(1) == .init(allowed: false, limit: 2, remaining: 0, resetSeconds: 1))
        clock.advance(0.2)
        #expect(try await limiter.check(1) == .init(allowed: true, limit: 2, remaining: 1, resetSeconds: 60))
    }

    /// Two servers, each with its own connection to the catalog, count one key into one window.
    @Test func serversShareAKeysWindow() async throws {
        let clock = ManualClock()
        let folder = TemporaryDirectory("rate-limiter-shared")
        let a = RateLimiter(
            counters: try SQLiteCatalog(path: folder.file("catalog.sqlite")), limit: 2, windowSeconds: 60,
            now: { clock.now })
        let b = RateLimiter(
            counters: try SQLiteCatalog(path: folder.file("catalog.sqlite")), limit: 2, windowSeconds: 60,
            now: { clock.now })
        #expect(try await a.check(7).remaining == 1)
        #expect(try await b.check(7).remaining == 0)
        #expect(try await a.check(7).allowed == false)
        #expect(try await b.check(8).allowed, "another key has its own window")
    }
}
