import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which process owns a temporary folder or a blob lease, written down so that another process can prove
/// the owner dead and take back what it left.
///
/// A pid alone proves nothing, because pids are reused. A pid plus its start time (field 22 of
/// `/proc/<pid>/stat`, in clock ticks since boot) names one process for the whole of one boot. The boot
/// id, the pid namespace and the host name say where that naming holds. An owner that shares this
/// process's host, boot and pid namespace is dead when `kill(pid, 0)` finds no such process, when
/// `/proc/<pid>/stat` shows another start time (the pid was reused), or when it is a zombie, which runs no
/// more code. Everywhere else nothing can be proven, and the owner is `unknown`. That covers another host
/// sharing the folder, a container with pids of its own, and an earlier boot of a host whose name a
/// different machine might also use. Callers treat `unknown` as alive, or fall back on age.
public struct ProcessIdentity: Codable, Sendable, Hashable {
    public var host: String
    public var boot: String
    public var pidNamespace: String
    public var pid: Int32
    /// Start time in clock ticks since boot; 0 where `/proc` is missing.
    public var started: UInt64
    /// Random, drawn once per process: names its temporary folder, so no two processes ever share one.
    public var instance: String

    public enum Liveness: Sendable, Equatable {
        case alive, dead, unknown
    }

    /// This process, read once.
    public static let current = ProcessIdentity.readCurrent()

    /// The name of this process's folder under `tmp/`.
    public var folderName: String { "\(pid)-\(instance)" }

    /// The identity as one line of JSON, for an owner file or a lease row.
    public var record: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Parses a `record`; nil for anything else (a damaged or foreign file proves nothing).
    public init?(record: String) {
        guard record.utf8.count <= 4096,
            let decoded = try? JSONDecoder().decode(ProcessIdentity.self, from: Data(record.utf8))
        else { return nil }
        self = decoded
    }

    public init(host: String, boot: String, pidNamespace: String, pid: Int32, started: UInt64, instance: String) {
        self.host = host
        self.boot = boot
        self.pidNamespace = pidNamespace
        self.pid = pid
        self.started = started
        self.instance = instance
    }

    /// Whether the process `other` names is running, as far as this process can prove it.
    public func liveness(of other: ProcessIdentity) -> Liveness {
        if other == self { return .alive }
        guard !boot.isEmpty, !pidNamespace.isEmpty, started != 0, other.host == host, other.boot == boot,
            other.pidNamespace == pidNamespace, other.pid > 0
        else { return .unknown }
        if kill(other.pid, 0) != 0 && errno == ESRCH { return .dead }
        // The pid is taken. By the same process, or by a newer one that reused the number?
        guard let stat = Self.readStat(pid: other.pid) else { return .unknown }
        if stat.state == "Z" || stat.state == "X" { return .dead }
        return stat.started == other.started ? .alive : .dead
    }

    /// Liveness of the owner a `record` names; `unknown` when the record cannot be read.
    public func liveness(ofRecord record: String) -> Liveness {
        guard let other = ProcessIdentity(record: record) else { return .unknown }
        return liveness(of: other)
    }

    static func readCurrent() -> ProcessIdentity {
        let pid = getpid()
        var random = SystemRandomNumberGenerator()
        return ProcessIdentity(
            host: hostName(),
            boot: readText("/proc/sys/kernel/random/boot_id")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "",
            pidNamespace: readLink("/proc/self/ns/pid") ?? "",
            pid: pid,
            started: readStat(pid: pid)?.started ?? 0,
            instance: String(random.next() & 0xffff_ffff_ffff, radix: 16))
    }

    /// The state letter and start time from `/proc/<pid>/stat`. The command name in parentheses may hold
    /// spaces and parentheses itself, so fields are counted from the last `)`.
    static func readStat(pid: Int32) -> (state: Character, started: UInt64)? {
        guard let text = readText("/proc/\(pid)/stat"), let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state); field 22 (starttime) is fields[19].
        guard fields.count > 19, let state = fields[0].first, let started = UInt64(fields[19]) else { return nil }
        return (state, started)
    }

    static func readText(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while bytes.count < 16384 {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
