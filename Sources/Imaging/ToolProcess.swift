#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a command-line tool (ffprobe, ffmpeg) found on `PATH` to its end, within a time limit and an output
/// bound, and hands back what it printed. A tool past its time is killed, so a file crafted to make a
/// decoder spin cannot hold an import slot forever.
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
        case system(String)
    }

    public static func run(
        _ tool: String, _ arguments: [String], timeoutSeconds: Double, maxOutputBytes: Int = 16 << 20
    ) throws(Failure) -> Result {
        var out: [Int32] = [-1, -1]
        var err: [Int32] = [-1, -1]
        guard pipe(&out) == 0 else { throw .system("pipe: errno \(errno)") }
        guard pipe(&err) == 0 else {
            close(out[0])
            close(out[1])
            throw .system("pipe: errno \(errno)")
        }
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
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
        let argv = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, tool, &actions, nil, argv, environ)
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
        while !open.isEmpty, failure == nil {
            let left = deadline - monotonicSeconds()
            guard left > 0 else {
                failure = .timedOut(tool, seconds: timeoutSeconds)
                break
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(left * 1000, 1000).rounded(.up)))
            if ready < 0 {
                if errno == EINTR { continue }
                failure = .system("poll: errno \(errno)")
                break
            }
            for polled in fds where polled.revents != 0 {
                let count = read(polled.fd, &buffer, buffer.count)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else {
                    open.removeAll { $0 == polled.fd }
                    continue
                }
                if polled.fd == out[0] {
                    output += buffer[0..<count]
                    if output.count > maxOutputBytes { failure = .outputTooLarge(tool, limit: maxOutputBytes) }
                } else {
                    // Only the end of a tool's complaints is kept: that is where the reason is.
                    errorOutput += buffer[0..<count]
                    if errorOutput.count > 64 << 10 { errorOutput.removeFirst(errorOutput.count - (32 << 10)) }
                }
            }
        }
        if failure != nil { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw .system("waitpid: errno \(errno)") }
        }
        if let failure { throw failure }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        let exited = status & 0x7f == 0
        return Result(
            status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output: output, errorOutput: errorOutput)
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
