import Foundation
import Testing
import VitrineCore

@Suite struct BlobKeyTests {
    /// SHA-256 of the empty string.
    static let empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    @Test func aDigestIsNamedByItsLowercaseHex() throws {
        let digest: [UInt8] = (0..<32).map { UInt8($0 * 8 + 7) }
        let key = BlobKey(digest: digest)
        #expect(key.hex == Hex.encode(digest))
        #expect(key.hex.utf8.count == 64)
        #expect(BlobKey(hex: key.hex) == key)
    }

    @Test func onlySixtyFourLowercaseHexDigitsNameABlob() {
        #expect(BlobKey(hex: Self.empty)?.hex == Self.empty)
        #expect(BlobKey(hex: Self.empty.uppercased()) == nil)
        #expect(BlobKey(hex: String(Self.empty.dropLast())) == nil)
        #expect(BlobKey(hex: Self.empty + "0") == nil)
        #expect(BlobKey(hex: "../" + Self.empty.dropFirst(3)) == nil)
        #expect(BlobKey(hex: String(Self.empty.dropLast()) + "g") == nil)
    }

    @Test func decodingRefusesWhatIsNotAKey() throws {
        let key = try #require(BlobKey(hex: Self.empty))
        let json = try JSONEncoder().encode([key])
        #expect(String(decoding: json, as: UTF8.self) == "[\"\(Self.empty)\"]")
        #expect(try JSONDecoder().decode([BlobKey].self, from: json) == [key])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([BlobKey].self, from: Data("[\"ab\"]".utf8)) }
    }

    @Test func keysOrderByTheirHex() throws {
        let low = try #require(BlobKey(hex: String(repeating: "0", count: 64)))
        let high = try #require(BlobKey(hex: String(repeating: "f", count: 64)))
        #expect(low < high)
        #expect(low.description == low.hex)
    }
}
