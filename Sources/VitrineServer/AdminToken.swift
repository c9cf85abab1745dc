import Crypto
import Foundation
import Synchronization

/// The admin token: one secret in the data folder (`admin-token`, mode 0600) that every write must present.
///
/// The file is the source of truth and is re-read when it changes, so `vitrine token rotate` takes effect
/// on a running server at its next request, without a restart.
public final class AdminToken: Sendable {
    public let path: String
    private let cache = Mutex<(modified: Date, token: String)?>(nil)

    public init(directory: String) {
        path = directory + "/admin-token"
    }

    /// The token, created first if there is none yet; `created` says whether to show it to the operator.
    public func loadOrCreate() throws -> (token: String, created: Bool) {
        if let token = try current() { return (token, false) }
        return (try rotate(), true)
    }

    /// Replaces the token; the old one stops working at once.
    @discardableResult
    public func rotate() throws -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = generator.next() }
        let token =
            "vt_"
            + Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        let temporary = path + ".tmp"
        // Written aside and renamed over, so a reader never sees half a token.
        guard
            FileManager.default.createFile(
                atPath: temporary, contents: Data((token + "\n").utf8), attributes: [.posixPermissions: 0o600]),
            rename(temporary, path) == 0
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        cache.withLock { $0 = nil }
        return token
    }

    /// The stored token, or nil when none was created yet.
    public func current() throws -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        if let cached = cache.withLock({ $0 }), cached.modified == modified { return cached.token }
        let token = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { return nil }
        cache.withLock { $0 = (modified, token) }
        return token
    }

    /// Compares in constant time, so response timing says nothing about how much of a guess was right.
    public func accepts(_ candidate: String) -> Bool {
        guard let token = try? current() else { return false }
        return Self.constantTimeEqual(
            Array(SHA256.hash(data: Data(candidate.utf8))), Array(SHA256.hash(data: Data(token.utf8))))
    }

    /// The value of the read-only session cookie for the current token: derived, so the cookie never
    /// carries the token itself, and rotating the token ends every session.
    public func sessionValue() -> String? {
        guard let token = try? current() else { return nil }
        let digest = SHA256.hash(data: Data(("vitrine-session:" + token).utf8))
        return digest.map { String(format: "%02x", $0) }.joined()
    }

    public func acceptsSession(_ candidate: String) -> Bool {
        guard let expected = sessionValue() else { return false }
        return Self.constantTimeEqual(Array(candidate.utf8), Array(expected.utf8))
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
