import Foundation

/// A throwaway PostgreSQL server for the tests (scripts/pg.sh): started on first use under a temporary
/// folder, on a free loopback port, and stopped when the test process ends (a watcher waits for this
/// process's end of a pipe to close). Each test takes databases of its own with `makeDatabase()`.
public final class PostgresServer: @unchecked Sendable {
    public let port: Int
    public let folder: TemporaryDirectory
    let watcher: Process
    let watcherInput: Pipe

    /// scripts/pg.sh, from this file's place in the repository.
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/pg.sh").path

    private static let sharedServer = Result { try PostgresServer() }
    /// The process's server, started on first use.
    public static func shared() throws -> PostgresServer { try sharedServer.get() }

    /// Starts a server of its own (tests that restart or stop it use one, so others are not disturbed).
    public init() throws {
        folder = TemporaryDirectory("vitrine-pg")
        // The server runs as user `postgres` when the tests run as root: it must be able to reach its folder.
        chmod(folder.path, 0o755)
        port = try Self.freePort()
        try Self.run([Self.script, "start", folder.path + "/pg", String(port)])
        watcherInput = Pipe()
        watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: "/bin/sh")
        watcher.arguments = ["-c", "cat >/dev/null; exec \"$0\" stop \"$1\"", Self.script, folder.path + "/pg"]
        watcher.standardInput = watcherInput
        watcher.standardOutput = FileHandle.nullDevice
        watcher.standardError = FileHandle.nullDevice
        try watcher.run()
    }

    /// The URL of `database` on this server.
    public func url(database: String) -> String {
        "postgres://postgres@127.0.0.1:\(port)/\(database)?sslmode=disable"
    }

    /// Creates an empty database with a unique name and returns its URL.
    public func makeDatabase(_ label: String = "t") throws -> String {
        let name =
            "vt_" + label.lowercased().filter { $0.isLetter || $0.isNumber }.prefix(20) + "_"
            + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        try psql("CREATE DATABASE \(name)")
        return url(database: name)
    }

    /// Runs one SQL command as the superuser, on `database` (the maintenance database by default).
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        try Self.run([
            "/usr/bin/psql", "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", String(port),
            "-U", "postgres", "-d", database, "-c", sql,
        ])
    }

    /// Stops the server (fast shutdown: sessions are cut, transactions in flight roll back).
    public func stop() throws { try Self.run([Self.script, "stop", folder.path + "/pg"]) }

    /// Starts it again on the same port.
    public func start() throws { try Self.run([Self.script, "start", folder.path + "/pg", String(port)]) }

    /// Stops and starts it.
    public func restart() throws {
        try stop()
        try start()
    }

    /// Stops the server and its watcher now, instead of when the process ends.
    public func shutdown() {
        try? watcherInput.fileHandleForWriting.close()
        watcher.waitUntilExit()
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw PostgresServerError(message: "socket failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw PostgresServerError(message: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PostgresServerError(
                message: "\(arguments.joined(separator: " ")) failed: \(String(decoding: err, as: UTF8.self))")
        }
        return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

public struct PostgresServerError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
