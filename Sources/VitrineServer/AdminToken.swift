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
        // Created 0600 before a byte is written, written aside and renamed over, so no reader ever sees
        // half a token and no other user ever sees any of it.
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        let line = Array((token + "\n").utf8)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == line.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
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

    /// The SHA-256 of the current token, which sessions record: a session made with an older token is over.
    public func digest() -> String? {
        guard let token = try? current() else { return nil }
        return SHA256.hash(data: Data(("vitrine-token:" + token).utf8)).map { String(format: "%02x", $0) }.joined()
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
