import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Child processes and ports for tests that run real programs (the `vitrine` binary, scripts/pg.sh, psql).
public enum ChildProcess {
    /// Runs `executable arguments…` to its end with `environment` over this process's: its exit status and
    /// everything it printed (standard output and error together). Blocks: call it off Swift's pool.
    ///
    /// posix_spawn and waitpid rather than Foundation's `Process`: in a test process, `waitUntilExit` never
    /// returned for a script that leaves a daemon behind (scripts/pg.sh start), its child left a zombie.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
        // Not inherited by the children other threads spawn meanwhile, which would hold the pipe open.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        defer { close(fds[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(fds[1])
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fds[0], &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw POSIXError(.ECHILD) }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import; a signal gives 128 + its number, as a shell.
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), String(decoding: output, as: UTF8.self))
    }

    /// Waits up to `seconds` for `process` to end; false when it is still running then.
    public static func waitForExit(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning else { return false }
        process.waitUntilExit()
        return true
    }

    /// A free loopback port, below the kernel's ephemeral range, checked by a bind and released (the server
    /// binds it right after), and never one this process handed out before.
    ///
    /// Why below the ephemeral range: port 0's port comes from the range every outgoing connection takes
    /// its local port from, so between the probe's release and the server's bind a test's own client can
    /// take it, and the server fails with EADDRINUSE. Why the ledger: random picks repeat, and a repeat
    /// handed to a second test while the first test's server is still starting fails the same way.
    public static func freeLoopbackPort() throws -> Int {
        let ceiling = max(ephemeralRange.lowerBound, 12_000)
        for _ in 0..<256 {
            let port = Int.random(in: 10_000..<ceiling)
            guard canBind(port), handedOut.withLock({ $0.insert(port).inserted }) else { continue }
            return port
        }
        throw POSIXError(.EADDRINUSE)
    }

    /// The ports outgoing connections take their local port from (`ip_local_port_range`).
    public static var ephemeralRange: ClosedRange<Int> {
        let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        let bounds = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard bounds.count == 2, bounds[0] <= bounds[1] else { return 32_768...60_999 }
        return bounds[0]...bounds[1]
    }

    /// Every port `freeLoopbackPort` returned in this process.
    private static let handedOut = Mutex<Set<Int>>([])

    private static func canBind(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

/// Runs blocking work (a child process, boto3) on a thread of its own: blocking one of Swift's few
/// cooperative threads would starve the tests running beside it.
public func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
