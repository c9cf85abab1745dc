import Catalog
import Crypto
import Foundation
import VitrineCore

/// The admin token that every write must present.
///
/// The catalog holds its digest (`SharedSettings`), which every server of a cluster checks credentials
/// against, so a rotation by any process takes effect everywhere at the next request. The data folder's
/// `admin-token` file (mode 0600) is the operator's local copy of the token itself: servers adopt it when the
/// catalog has no token yet, and never read it to check a credential.
public struct AdminToken: Sendable {
    public let path: String

    public init(directory: String) {
        path = directory + "/admin-token"
    }

    /// What `establish` found or did.
    public enum Establishment: Sendable, Equatable {
        /// There was no token anywhere: this one was made, stored and written to the file (show it once).
        case created(String)
        /// The catalog had none: it now holds the file's token (an existing library keeps its token).
        case adopted
        /// The catalog already had a token; `fileMatches` says whether the local file holds it (false
        /// after a rotation elsewhere, or when another server made the first token).
        case existing(fileMatches: Bool)
    }

    /// Makes sure the catalog has a token, as `vitrine serve` does on start: it keeps the catalog's, else
    /// adopts the file's, else makes one. Stored only if absent, so servers starting together on an empty
    /// catalog all end up accepting the same token, and only the one whose token won writes its file.
    public func establish(in settings: any SharedSettings) async throws -> Establishment {
        let local = try current()
        if let stored = try await settings.adminTokenDigest() {
            return .existing(fileMatches: local.map { Self.digest($0) == stored } ?? false)
        }
        if let local {
            let digest = Self.digest(local)
            let stored = try await settings.adminTokenDigest(settingIfAbsent: digest)
            return stored == digest ? .adopted : .existing(fileMatches: false)
        }
        let token = Self.generate()
        let digest = Self.digest(token)
        let aside = try writeAside(token)
        let stored: String
        do {
            stored = try await settings.adminTokenDigest(settingIfAbsent: digest)
        } catch {
            unlink(aside)
            throw error
        }
        guard stored == digest else {
            unlink(aside)
            return .existing(fileMatches: false)
        }
        try install(aside)
        return .created(token)
    }

    /// Replaces the token: its digest in the catalog (which ends every session, on every server at once),
    /// then the file. The file is written aside first, so a failed catalog write changes nothing and a
    /// stored digest always has its token in the file.
    public func rotate(in settings: any SharedSettings) async throws -> String {
        let token = Self.generate()
        let aside = try writeAside(token)
        do {
            try await settings.replaceAdminTokenDigest(Self.digest(token))
        } catch {
            unlink(aside)
            throw error
        }
        try install(aside)
        return token
    }

    /// The token in the file, created first if there is none (the file only: a server adopts it into a
    /// catalog that has no token yet). For tests and fixtures that prepare a data folder before a server.
    public func loadOrCreate() throws -> (token: String, created: Bool) {
        if let token = try current() { return (token, false) }
        let token = Self.generate()
        try install(try writeAside(token))
        return (token, true)
    }

    /// The token in the file, or nil when there is none.
    public func current() throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let token = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    /// What the catalog stores and sessions record: the SHA-256 of the token, as hex.
    public static func digest(_ token: String) -> String {
        Hex.encode(SHA256.hash(data: Data(("vitrine-token:" + token).utf8)))
    }

    /// Whether `candidate` is the token whose digest is `digest`. Compares digests in constant time, so
    /// response timing says nothing about how much of a guess was right.
    public static func accepts(_ candidate: String, digest: String) -> Bool {
        constantTimeEqual(Array(Self.digest(candidate).utf8), Array(digest.utf8))
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// 32 random bytes, URL-safe.
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return "vt_" + Base64URL.encode(bytes)
    }

    /// Writes `token` to a new file beside the token's, created 0600 before a byte is written, so no other
    /// user ever sees any of it; returns its path for `install`.
    private func writeAside(_ token: String) throws -> String {
        let temporary = path + ".tmp-" + UUID().uuidString
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        let line = Array((token + "\n").utf8)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == line.count, synced else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return temporary
    }

    /// Renames a file from `writeAside` over the token's, so no reader ever sees half a token.
    private func install(_ temporary: String) throws {
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
