import Catalog
import TestSupport
import Testing

/// `AccessRecords`: API keys and sessions, kept as digests.
@Suite struct AccessRecordsContractTests {
    let folder = TemporaryDirectory("contract-access")

    @Test(arguments: CatalogUnderTest.all)
    func keysAreListedFoundByDigestAndRevokedOnce(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let first = try await catalog.insertAPIKey(APIKeyRecord(digest: "d1", hint: "h1", label: "one", createdAt: 1))
        let second = try await catalog.insertAPIKey(APIKeyRecord(digest: "d2", hint: "h2", label: "two", createdAt: 2))
        let firstID = try #require(first.id)
        #expect(second.id != nil && second.id != first.id)
        #expect(try await catalog.apiKeys().map(\.label) == ["one", "two"])
        #expect(try await catalog.activeAPIKey(digest: "d1")?.label == "one")
        #expect(try await catalog.activeAPIKey(digest: "nope") == nil)
        #expect(try await catalog.revokeAPIKey(id: firstID))
        #expect(try await !catalog.revokeAPIKey(id: firstID), "revoked once")
        #expect(try await catalog.activeAPIKey(digest: "d1") == nil)
        #expect(try await catalog.apiKeys().first?.revokedAt != nil, "revoked keys are still listed")
        await #expect(throws: (any Error).self) {
            _ = try await catalog.insertAPIKey(APIKeyRecord(digest: "d2", hint: "h", label: "again", createdAt: 3))
        }
    }

    @Test(arguments: CatalogUnderTest.all)
    func sessionsEndByTimeBySignOutAndAllAtOnce(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        try await catalog.insertSession(SessionRecord(digest: "s1", tokenDigest: "t", createdAt: 100, expiresAt: 200))
        try await catalog.insertSession(SessionRecord(digest: "s2", tokenDigest: "t", createdAt: 150, expiresAt: 500))
        #expect(try await catalog.session(digest: "s1", now: 199)?.digest == "s1")
        #expect(try await catalog.session(digest: "s1", now: 200) == nil, "ended at its expiry")
        #expect(try await catalog.sessions().map(\.digest) == ["s1", "s2"])
        // A sign-in forgets the sessions that ended by its time.
        try await catalog.insertSession(SessionRecord(digest: "s3", tokenDigest: "t", createdAt: 300, expiresAt: 900))
        #expect(try await catalog.sessions().map(\.digest) == ["s2", "s3"])
        #expect(try await catalog.deleteSession(digest: "s2"))
        #expect(try await !catalog.deleteSession(digest: "s2"))
        #expect(try await catalog.deleteAllSessions() == 1)
        #expect(try await catalog.sessions().isEmpty)
    }

    /// Past the limit a credential's oldest sessions go, and only its own: a share link's visitors signing
    /// in again and again never end the owner's session.
    @Test(arguments: CatalogUnderTest.all)
    func theOldestSessionsOfACredentialGoPastTheLimit(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let limit = CatalogPolicy.maximumSessions
        try await catalog.insertSession(
            SessionRecord(digest: "owner", tokenDigest: "admin", createdAt: 0, expiresAt: 1_000_000))
        for n in 0..<(limit + 3) {
            try await catalog.insertSession(
                SessionRecord(digest: "s\(n)", tokenDigest: "link", createdAt: Int64(n + 1), expiresAt: 1_000_000))
        }
        let kept = try await catalog.sessions()
        #expect(kept.count == limit + 1)
        #expect(kept.prefix(2).map(\.digest) == ["owner", "s3"])
        #expect(try await catalog.session(digest: "owner", now: 5) != nil)
    }
}
