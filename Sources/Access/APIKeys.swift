import Catalog
import Crypto
import Foundation
import VitrineCore

/// API keys for the Pixabay-compatible endpoint: made here, stored as SHA-256 digests, shown once.
public struct APIKeys: Sendable {
    let catalog: any AccessRecords

    public init(catalog: any AccessRecords) { self.catalog = catalog }

    /// In UTF-8 bytes, as `TextRules` counts tags: one Character can carry any number of combining scalars.
    public static let maximumLabelBytes = 100

    public enum KeyError: Error, CustomStringConvertible {
        case badLabel

        public var description: String {
            "a label is at most \(APIKeys.maximumLabelBytes) bytes of UTF-8, without control characters"
        }
    }

    /// Makes a key shaped like Pixabay's (`12345678-` and 32 hex digits, 128 random bits in the hex part)
    /// and stores its digest. Returns the record and the key, which is never retrievable again.
    public func create(label: String) async throws -> (record: APIKeyRecord, key: String) {
        let label = label.trimmingCharacters(in: .whitespaces)
        guard label.utf8.count <= Self.maximumLabelBytes,
            !label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw KeyError.badLabel }
        var generator = SystemRandomNumberGenerator()
        let prefix = String(generator.next(upperBound: UInt32(90_000_000)) + 10_000_000)
        let secret = Hex.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let key = "\(prefix)-\(secret)"
        let record = try await catalog.insertAPIKey(
            APIKeyRecord(
                digest: Self.digest(key), hint: "…" + secret.suffix(4), label: label,
                createdAt: Int64(Date().timeIntervalSince1970 * 1000)))
        return (record, key)
    }

    public func list() async throws -> [APIKeyRecord] { try await catalog.apiKeys() }

    public func revoke(id: Int64) async throws -> Bool { try await catalog.revokeAPIKey(id: id) }

    /// The live key `text` names, or nil.
    public func authenticate(_ text: String) async throws -> APIKeyRecord? {
        guard !text.isEmpty, text.utf8.count <= 100 else { return nil }
        let digest = Self.digest(text)
        return try await catalog.activeAPIKey(digest: digest)
    }

    static func digest(_ key: String) -> String {
        Hex.encode(SHA256.hash(data: Data(key.utf8)))
    }
}
