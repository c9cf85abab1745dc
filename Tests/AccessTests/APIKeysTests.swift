import Access
import Testing

@Suite struct APIKeysTests {
    @Test func aKeyIsShapedLikePixabaysAndWorksUntilRevoked() async throws {
        let scratch = try ScratchCatalog()
        let keys = APIKeys(catalog: scratch.catalog)
        let made = try await keys.create(label: "  phone  ")
        let parts = made.key.split(separator: "-")
        #expect(parts.count == 2 && parts[0].utf8.count == 8 && parts[1].utf8.count == 32)
        #expect(parts[0].allSatisfy(\.isNumber) && !parts[0].hasPrefix("0"))
        #expect(parts[1].allSatisfy { "0123456789abcdef".contains($0) })
        #expect(made.record.label == "phone")
        #expect(made.record.hint == "…" + parts[1].suffix(4))
        #expect(made.record.digest != made.key, "only a digest is stored")
        #expect(try await keys.authenticate(made.key)?.id == made.record.id)
        #expect(try await keys.authenticate(made.key + "0") == nil)
        #expect(try await keys.list().map(\.id) == [made.record.id])
        #expect(try await keys.revoke(id: try #require(made.record.id)))
        #expect(try await keys.authenticate(made.key) == nil)
    }

    @Test func labelsAreBoundedAndFreeOfControls() async throws {
        let keys = APIKeys(catalog: try ScratchCatalog().catalog)
        await #expect(throws: APIKeys.KeyError.self) {
            try await keys.create(label: String(repeating: "é", count: APIKeys.maximumLabelBytes / 2 + 1))
        }
        await #expect(throws: APIKeys.KeyError.self) { try await keys.create(label: "tab\there") }
        #expect(try await keys.create(label: String(repeating: "é", count: APIKeys.maximumLabelBytes / 2)).key != "")
    }
}
