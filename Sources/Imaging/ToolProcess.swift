#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a command-line tool (ffprobe, ffmpeg) found on `PATH` to its end, within a time limit and an output
/// bound, and hands back what it printed. A tool past its time is killed, so a file crafted to make a
/// decoder spin cannot hold an import slot forever; so is one whose caller gives up (`cancelled`: a worker
/// stopping), and, through `setpriv --pdeathsig`, one whose process dies (a worker killed), which would
/// otherwise run on unwatched, past its deadline.
///
/// posix_spawn and poll rather than Foundation's `Process`: the deadline needs the pipes read without
/// blocking, and the child must never inherit another thread's descriptors. Blocks: call it off Swift's
/// cooperative pool (the importer's render pool).
public enum ToolProcess {
    public struct Result: Sendable {
        /// The exit status; a signal gives 128 + its number, as a shell does.
        public var status: Int32
        public var output: [UInt8]
        public var errorOutput: [UInt8]

        public var errorText: String {
            String(decoding: errorOutput.suffix(2_000), as: UTF8.self).trimmingASCIISpaces()
        }
    }

    /// Why a run ended without a status.
    public enum Failure: Error, Equatable, Sendable {
        /// The tool is not installed (or not on `PATH`).
        case notFound(String)
        case timedOut(String, seconds: Double)
        case outputTooLarge(String, limit: Int)
        /// The caller gave up on it (`cancelled` turned true), and it was killed.
        case cancelled(String)
        case system(String)
    }

    /// Where `setpriv` is, on Linux, to give the tool a parent-death signal before it starts.
    static let setpriv: String? = access("/usr/bin/setpriv", X_OK) == 0 ? "/usr/bin/setpriv" : nil

    /// `tool`'s path on `PATH`, nil when no directory has it.
    static func resolve(_ tool: String) -> String? {
        if tool.contains("/") { return access(tool, X_OK) == 0 ? tool : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = directory + "/" + tool
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// `cancelled` is asked a few times a second while the tool runs.
    public static func run(
        _ tool: String, _ arguments: [String], timeoutSeconds: Double, maxOutputBytes: Int = 16 << 20,
        cancelled: @Sendable () -> Bool = { false }
    ) throws(Failure) -> Result {
        guard let executable = resolve(tool) else { throw .notFound(tool) }
        var out: [Int32] = [-1, -1]
        var err: [Int32] = [-1, -1]
        guard pipe(&out) == 0 else { throw .system("pipe: errno \(errno)") }
        guard pipe(&err) == 0 else {
            close(out[0])
            close(out[1])
            throw .system("pipe: errno \(errno)")
        }
        // Non-blocking reads: the end of output is the child's exit, not the pipes' end of file, since a tool
        // another thread spawns between `pipe` and `fcntl` may inherit a write end and hold it open.
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        for fd in [out[0], err[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        defer {
            close(out[0])
            close(err[0])
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        let command = setpriv.map { [$0, "--pdeathsig", "KILL", "--", executable] } ?? [executable]
        let argv = (command + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        close(out[1])
        close(err[1])
        guard spawned == 0 else {
            throw spawned == ENOENT ? .notFound(tool) : .system("spawn \(tool): errno \(spawned)")
        }

        var failure: Failure?
        var output: [UInt8] = []
        var errorOutput: [UInt8] = []
        let deadline = monotonicSeconds() + max(0, timeoutSeconds)
        var open = [out[0], err[0]]
        var buffer = [UInt8](repeating: 0, count: 65536)
        var status: Int32 = 0
        var exited = false
        /// Reads what each pipe holds now; a pipe at its end of file is dropped.
        func drain() {
            for fd in open {
                while failure == nil {
                    let count = read(fd, &buffer, buffer.count)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else {
                        if count == 0 { open.removeAll { $0 == fd } }
                        break
                    }
                    if fd == out[0] {
                        output += buffer[0..<count]
                        if output.count > maxOutputBytes { failure = .outputTooLarge(tool, limit: maxOutputBytes) }
                    } else {
                        // Only the end of a tool's complaints is kept: that is where the reason is.
                        errorOutput += buffer[0..<count]
                        if errorOutput.count > 64 << 10 { errorOutput.removeFirst(errorOutput.count - (32 << 10)) }
                    }
                }
            }
        }
        while !exited, failure == nil {
            if cancelled() {
                failure = .cancelled(tool)
                break
            }
            let left = deadline - monotonicSeconds()
            guard left > 0 else {
                failure = .timedOut(tool, seconds: timeoutSeconds)
                break
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), Int32(min(left * 1000, 50).rounded(.up))) < 0, errno != EINTR {
                failure = .system("poll: errno \(errno)")
                break
            }
            drain()
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid {
                exited = true
                // What the tool wrote before it ended is in the pipes still.
                drain()
            } else if waited < 0, errno != EINTR {
                throw .system("waitpid: errno \(errno)")
            }
        }
        if !exited {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 {
                guard errno == EINTR else { throw .system("waitpid: errno \(errno)") }
            }
        }
        if let failure { throw failure }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        let normal = status & 0x7f == 0
        return Result(
            status: normal ? (status >> 8) & 0xff : 128 + (status & 0x7f), output: output, errorOutput: errorOutput)
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
