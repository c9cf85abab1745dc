import Access
import CatalogSQLite
import Foundation
import TestSupport
import Testing

@Suite struct AdminTokenTests {
    @Test func theDigestIsTheHexSHA256OfThePrefixedToken() {
        // `printf 'vitrine-token:vt_example' | sha256sum`: catalogs written by earlier versions keep working.
        #expect(AdminToken.digest("vt_example") == "35d7113c9cbfe35da17addbdc5c36d39b12afcb1f1579a6ebe546b685b0ce75c")
    }

    @Test func onlyTheTokenOfTheDigestIsAccepted() {
        let digest = AdminToken.digest("vt_example")
        #expect(AdminToken.accepts("vt_example", digest: digest))
        #expect(!AdminToken.accepts("vt_exampl", digest: digest))
        #expect(!AdminToken.accepts("", digest: digest))
        #expect(!AdminToken.accepts("vt_example", digest: String(digest.dropLast())))
    }

    @Test func serversStartingTogetherOnAnEmptyCatalogAgreeOnOneToken() async throws {
        let shared = TemporaryDirectory("shared-catalog")
        let (a, b) = (TemporaryDirectory("server-a"), TemporaryDirectory("server-b"))
        let catalogA = try SQLiteCatalog(path: shared.file("catalog.sqlite"))
        let catalogB = try SQLiteCatalog(path: shared.file("catalog.sqlite"))
        async let startA = AdminToken(directory: a.path).establish(in: catalogA)
        async let startB = AdminToken(directory: b.path).establish(in: catalogB)
        let outcomes = try await [startA, startB]
        let created = outcomes.compactMap { if case .created(let token) = $0 { token } else { nil } }
        #expect(created.count == 1, "\(outcomes)")
        #expect(outcomes.contains(.existing(fileMatches: false)), "the other learns it lost")
        let token = try #require(created.first)
        #expect(try await catalogA.adminTokenDigest() == AdminToken.digest(token))
        let files = try [a, b].compactMap { try AdminToken(directory: $0.path).current() }
        #expect(files == [token], "only the winner writes a file, and it holds the accepted token")
    }

    @Test func aRotationReplacesTheDigestAndTheOwnerOnlyFile() async throws {
        let scratch = try ScratchCatalog()
        let admin = AdminToken(directory: scratch.folder.path)
        guard case .created(let first) = try await admin.establish(in: scratch.catalog) else {
            Issue.record("an empty catalog and folder make a token")
            return
        }
        #expect(first.hasPrefix("vt_"))
        let second = try await admin.rotate(in: scratch.catalog)
        #expect(second != first)
        #expect(try admin.current() == second)
        #expect(try await scratch.catalog.adminTokenDigest() == AdminToken.digest(second))
        let mode = try FileManager.default.attributesOfItem(atPath: admin.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try await admin.establish(in: scratch.catalog) == .existing(fileMatches: true))
    }
}
