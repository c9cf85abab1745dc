import Catalog
import TestSupport
import Testing

/// `SharedSettings`: the admin token's digest, which every server of a cluster reads from the catalog.
@Suite struct SharedSettingsContractTests {
    let folder = TemporaryDirectory("contract-settings")

    @Test(arguments: CatalogUnderTest.all)
    func theDigestIsAbsentThenSetThenReplaced(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        #expect(try await catalog.adminTokenDigest() == nil, "a new catalog has no token")
        #expect(try await catalog.adminTokenDigest(settingIfAbsent: "first") == "first")
        #expect(try await catalog.adminTokenDigest() == "first")
        #expect(try await catalog.adminTokenDigest(settingIfAbsent: "second") == "first", "set only when absent")
        try await catalog.replaceAdminTokenDigest("third")
        #expect(try await catalog.adminTokenDigest() == "third")
        let other = try await kind.open(in: folder)
        #expect(try await other.adminTokenDigest() == "third", "another connection reads the same digest")
    }

    @Test(arguments: CatalogUnderTest.all)
    func twoConnectionsSettingAtOnceAgreeOnOneDigest(_ kind: CatalogUnderTest) async throws {
        let a = try await kind.open(in: folder)
        let b = try await kind.open(in: folder)
        async let fromA = a.adminTokenDigest(settingIfAbsent: "from-a")
        async let fromB = b.adminTokenDigest(settingIfAbsent: "from-b")
        let (seenByA, seenByB) = try await (fromA, fromB)
        #expect(seenByA == seenByB, "both servers accept the same token")
        #expect(["from-a", "from-b"].contains(seenByA))
        #expect(try await a.adminTokenDigest() == seenByA)
    }

    @Test(arguments: CatalogUnderTest.all)
    func settingIfAbsentKeepsSessionsAndReplacingEndsThemAll(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        try await catalog.insertSession(SessionRecord(digest: "s1", tokenDigest: "t", createdAt: 1, expiresAt: 1000))
        try await catalog.insertSession(SessionRecord(digest: "s2", tokenDigest: "t", createdAt: 2, expiresAt: 1000))
        _ = try await catalog.adminTokenDigest(settingIfAbsent: "t")
        #expect(try await catalog.sessions().count == 2, "learning the existing token keeps its sign-ins")
        let other = try await kind.open(in: folder)
        try await other.replaceAdminTokenDigest("u")
        #expect(try await catalog.sessions().isEmpty, "a rotation ends every session, whoever made it")
        #expect(try await catalog.session(digest: "s1", now: 10) == nil)
        #expect(try await catalog.adminTokenDigest() == "u")
    }
}
