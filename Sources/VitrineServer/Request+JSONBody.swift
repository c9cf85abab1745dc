import Catalog
import Foundation
import Hummingbird
import VitrineAPI

extension Request {
    /// The body as JSON of `type`, at most `limit` bytes: a larger body is a 413, a malformed one a 400 that
    /// shows the shape expected.
    mutating func decodeJSON<T: Decodable>(_ type: T.Type, limit: Int, expected: String) async throws -> T {
        let body: ByteBuffer
        do {
            body = try await self.body.collect(upTo: limit)
        } catch {
            throw APIError(
                .contentTooLarge, code: "too_large", message: "the body is at most \(limit / 1024) KB of JSON")
        }
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw APIError(.badRequest, code: "bad_json", message: "expected \(expected)")
        }
    }
}

extension PhotoIDs {
    /// Photos one bulk request names at most.
    static var maximumCount: Int { 10_000 }

    /// 1 to `maximumCount` well-formed ids, duplicates dropped in order.
    func validated() throws -> [String] {
        guard (1...Self.maximumCount).contains(ids.count), ids.allSatisfy({ PhotoID.isValid($0) }) else {
            throw APIError(
                .badRequest, code: "bad_ids", message: "ids is a list of 1 to \(Self.maximumCount) photo ids")
        }
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }
}
