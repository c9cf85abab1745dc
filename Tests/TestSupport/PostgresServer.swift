import Foundation

/// A throwaway PostgreSQL server for the tests (scripts/pg.sh): started on first use under a temporary
/// folder, on a free loopback port, and stopped when the test process ends (a watcher waits for this
/// process's end of a pipe to close). The watcher then removes the folder: the shared server is never
/// deinitialised, and its databases (the million-photo ones among them) take more than a gigabyte.
/// Each test takes databases of its own with `makeDatabase()`.
public final class PostgresServer: @unchecked Sendable {
    public let port: Int
    public let folder: TemporaryDirectory
    /// Stops the server and removes its folder when this process's end of its standard input closes (at exit,
    /// even a crash).
    let watcher: pid_t
    let watcherInput: Int32

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
        var fds: [Int32] = [0, 0]
        // Close-on-exec, so no other child (a `vitrine` process) holds the watcher's input open.
        guard pipe(&fds) == 0, fcntl(fds[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(fds[1], F_SETFD, FD_CLOEXEC) == 0
        else { throw PostgresServerError(message: "pipe failed") }
        watcherInput = fds[1]
        defer { close(fds[0]) }
        watcher = try Self.spawn(
            ["/bin/sh", "-c", "cat >/dev/null; \"$0\" stop \"$1/pg\"; rm -rf \"$1\"", Self.script, folder.path],
            input: fds[0], output: "/dev/null", errors: "/dev/null")
    }

    /// The URL of `database` on this server. A test process runs hundreds of tests at once on two cores, so a
    /// connection may take seconds to open: the wait for one is longer than the 5 s default.
    public func url(database: String) -> String {
        "postgres://postgres@127.0.0.1:\(port)/\(database)?sslmode=disable&connect_timeout=30"
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
        close(watcherInput)
        _ = Self.wait(for: watcher)
    }

    static func freePort() throws -> Int {
        do { return try ChildProcess.freeLoopbackPort() } catch { throw PostgresServerError(message: "no free port") }
    }

    /// Runs a command to its end and returns its standard output. With `posix_spawn` and `waitpid`, and the
    /// output through files: Foundation's `Process.waitUntilExit` was seen never to return here for a child
    /// that had exited, and the server `pg.sh` starts outlives it (a pipe would stay open).
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let scratch = TemporaryDirectory("vitrine-pg-run")
        let output = scratch.file("out")
        let errors = scratch.file("err")
        let pid = try spawn(arguments, input: nil, output: output, errors: errors)
        let status = wait(for: pid)
        let out = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else {
            let err = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw PostgresServerError(message: "\(arguments.joined(separator: " ")) failed (\(status)): \(err)")
        }
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts `arguments` with standard input from `input` (or /dev/null) and output and errors into files.
    static func spawn(_ arguments: [String], input: Int32?, output: String, errors: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard result == 0 else {
            throw PostgresServerError(message: "cannot start \(arguments[0]): errno \(result)")
        }
        return pid
    }

    /// Waits for `pid` to end; its exit status, or -1 when it did not exit normally.
    static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }
}

public struct PostgresServerError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
