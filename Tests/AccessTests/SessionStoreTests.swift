import Access
import Testing

@Suite struct SessionStoreTests {
    @Test func aSessionHoldsForItsTokenUntilRevoked() async throws {
        let scratch = try ScratchCatalog()
        let sessions = SessionStore(catalog: scratch.catalog)
        let value = try await sessions.create(tokenDigest: "token-a")
        #expect(value.hasPrefix(SessionStore.prefix) && value.utf8.count == SessionStore.prefix.utf8.count + 43)
        #expect(try await sessions.accepts(value, tokenDigest: "token-a"))
        #expect(try await !sessions.accepts(value, tokenDigest: "token-b"), "a rotated token ends it")
        #expect(
            try await !sessions.accepts(SessionStore.prefix + String(repeating: "A", count: 43), tokenDigest: "token-a")
        )
        #expect(try await !sessions.accepts("not a session", tokenDigest: "token-a"))
        try await sessions.revoke(value)
        #expect(try await !sessions.accepts(value, tokenDigest: "token-a"))
    }

    @Test func aSessionEndsWithItsLifetime() async throws {
        let scratch = try ScratchCatalog()
        let clock = TestClock(1_700_000_000)
        let sessions = SessionStore(catalog: scratch.catalog, lifetimeSeconds: 60, clock: { clock.date })
        let value = try await sessions.create(tokenDigest: "t")
        clock.advance(59)
        #expect(try await sessions.accepts(value, tokenDigest: "t"))
        clock.advance(2)
        #expect(try await !sessions.accepts(value, tokenDigest: "t"))
    }

    @Test func theCatalogKeepsOnlyTheHexSHA256OfTheCookie() async throws {
        // `printf 'vs1_AAA…A' | sha256sum` (43 A's).
        #expect(
            SessionStore.digest(SessionStore.prefix + String(repeating: "A", count: 43))
                == "376f9fd44e6eebab9a41d7ea95303cc7aa4b1ba6ed6d082688213715bba08879")
        let scratch = try ScratchCatalog()
        let value = try await SessionStore(catalog: scratch.catalog).create(tokenDigest: "t")
        let stored = try await scratch.catalog.sessions().map(\.digest)
        #expect(stored == [SessionStore.digest(value)])
    }
}
