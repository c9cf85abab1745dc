import Foundation
import TestSupport

/// A PostgreSQL server of one test's own (scripts/pg.sh in a temporary folder), for a test that stops it:
/// the target's shared server stays up for the others.
final class DedicatedPostgres: Sendable {
    let folder: TemporaryDirectory
    let port: Int

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/pg.sh").path

    private init(folder: TemporaryDirectory, port: Int) {
        self.folder = folder
        self.port = port
    }

    static func start() async throws -> DedicatedPostgres {
        let server = DedicatedPostgres(folder: TemporaryDirectory("cluster-pg"), port: try ChildProcess.freeLoopbackPort())
        try await server.startServer()
        return server
    }

    /// Creates database `name` and returns its URL.
    func makeDatabase(_ name: String) async throws -> String {
        try await Self.run(
            ["/usr/bin/psql", "-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres", "-qc", "CREATE DATABASE \(name)"])
        return "postgres://postgres@127.0.0.1:\(port)/\(name)?sslmode=disable"
    }

    func startServer() async throws { try await Self.run([Self.script, "start", folder.path, "\(port)"]) }

    /// A fast shutdown: open connections are ended, as a crash or a failover would.
    func stopServer() async throws { try await Self.run([Self.script, "stop", folder.path]) }

    func stop() {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.script)
        process.arguments = ["stop", folder.path]
        try? process.run()
        process.waitUntilExit()
    }

    static func run(_ arguments: [String]) async throws {
        let (status, output) = try await onThread { try ChildProcess.run(arguments[0], Array(arguments.dropFirst())) }
        guard status == 0 else { throw Failed(message: "\(arguments.joined(separator: " ")): \(output)") }
    }

    struct Failed: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
