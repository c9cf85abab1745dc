import Blobs
import Catalog
import Foundation
import Ingest
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `vitrine` executable (`VITRINE_BINARY`, or the one built beside the tests), run as a child
/// process: for what only a separate process shows (a SIGKILL, a second process in the same data folder).
package enum VitrineProcess {
    package static var binary: String? { VitrineBinary.path }

    package static func requireBinary() throws -> String {
        let path = try #require(binary, "set VITRINE_BINARY or build the vitrine product")
        try #require(FileManager.default.isExecutableFile(atPath: path), "no executable at \(path)")
        return path
    }

    /// Starts `vitrine arguments…` with its output going to `log` (appended) or nowhere; under `launcher`
    /// (e.g. strace and its options) when one is given; with `environment` over this process's.
    package static func start(
        _ arguments: [String], launcher: [String] = [], log: String? = nil, environment: [String: String] = [:]
    ) throws -> Process {
        let process = Process()
        let binary = try requireBinary()
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.executableURL = URL(fileURLWithPath: launcher.first ?? binary)
        process.arguments = launcher.isEmpty ? arguments : Array(launcher.dropFirst()) + [binary] + arguments
        if let log {
            if !FileManager.default.fileExists(atPath: log) {
                FileManager.default.createFile(atPath: log, contents: nil)
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
            handle.seekToEndOfFile()
            process.standardOutput = handle
            process.standardError = handle
        } else {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return process
    }

    /// Runs `vitrine arguments…` to its end: its exit status and everything it printed.
    @discardableResult
    package static func run(
        _ arguments: [String], launcher: [String] = [], environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let binary = try requireBinary()
        return try ChildProcess.run(
            launcher.first ?? binary, launcher.isEmpty ? arguments : Array(launcher.dropFirst()) + [binary] + arguments,
            environment: environment)
    }

    /// SIGKILLs the process, or, under a launcher, the process the launcher runs (and so the launcher ends).
    package static func kill(_ process: Process) {
        for child in children(of: process.processIdentifier) { Glibc.kill(child, SIGKILL) }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGKILLs the process if it still runs, else waits for its end; true when it was killed.
    package static func killIfRunning(_ process: Process) -> Bool {
        guard process.isRunning else {
            process.waitUntilExit()
            return false
        }
        kill(process)
        return true
    }

    /// Whether `process` has its own SIGTERM handler yet (`SigCgt` in /proc): before it does, a SIGTERM
    /// kills it on the spot, as it would any program still starting.
    package static func catchesSIGTERM(_ process: Process) -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << (UInt64(SIGTERM) - 1)) != 0
    }

    package static func children(of pid: pid_t) -> [pid_t] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// A free loopback port (bound, read, released; the server binds it right after).
    package static func freePort() throws -> Int { try ChildProcess.freeLoopbackPort() }
}

/// A `vitrine serve` process on a loopback port, started and waited for until it answers. Uploads render
/// within their requests (`--upload-renders inline`) unless `arguments` say otherwise: the suites that
/// start these check what an upload stored the moment it answered.
package final class LiveVitrineServer {
    package let data: String
    package let port: Int
    package let process: Process

    package init(
        data: String, log: String? = nil, launcher: [String] = [], arguments: [String] = [],
        environment: [String: String] = [:]
    ) throws {
        self.data = data
        port = try VitrineProcess.freePort()
        process = try VitrineProcess.start(
            ["serve", "--data", data, "--host", "127.0.0.1", "--port", "\(port)", "--web", data + "/no-web"]
                + (arguments.contains("--upload-renders") ? [] : ["--upload-renders", "inline"]) + arguments,
            launcher: launcher, log: log, environment: environment)
        // Bounded by time: beside hundreds of tests on two cores a debug server can take many seconds to open.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let response = try? HTTPExchange.send(port: port, method: "GET", path: "/healthz"),
                response.status == 200
            {
                return
            }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        VitrineProcess.kill(process)
        throw ServerDidNotStart(log: log.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? "")
    }

    package struct ServerDidNotStart: Error, CustomStringConvertible {
        var log: String
        package var description: String { "vitrine serve did not answer; log:\n\(log)" }
    }

    package func kill() { VitrineProcess.kill(process) }

    /// Stops the server the way an operator would (SIGTERM), and waits.
    package func stop() {
        guard process.isRunning else { return }
        for child in VitrineProcess.children(of: process.processIdentifier) { Glibc.kill(child, SIGTERM) }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { if process.isRunning { VitrineProcess.kill(process) } }
}

/// One HTTP/1.1 exchange over a fresh loopback connection (`Connection: close`, read to the end).
package enum HTTPExchange {
    package struct Response {
        package var status: Int
        package var body: [UInt8]
        /// Header fields, names lower-cased.
        package var headers: [String: String] = [:]
        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    package static func send(
        port: Int, method: String, path: String, headers: [String: String] = [:], body: [UInt8] = []
    ) throws -> Response {
        let connection = try RawConnection(port: port)
        defer { connection.close() }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        try connection.send(Array(head.utf8) + body)
        return try read(connection)
    }

    /// Reads a whole response to the end of the stream: the head, then the body by length or chunks.
    package static func read(_ connection: RawConnection) throws -> Response {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(connection.fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        let separator: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4,
            let end = (0...(bytes.count - 4)).first(where: { bytes[$0..<($0 + 4)].elementsEqual(separator) })
        else { throw POSIXError(.ECONNRESET) }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\r\n")
        let parts = (lines.first ?? "").split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw POSIXError(.EPROTO) }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var rest = Array(bytes[(end + 4)...])
        if fields["transfer-encoding"]?.lowercased() == "chunked" {
            rest = dechunk(rest)
        } else if let length = fields["content-length"].flatMap({ Int($0) }), length <= rest.count {
            rest = Array(rest[..<length])
        }
        return Response(status: status, body: rest, headers: fields)
    }

    package static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard
                let lineEnd = (index..<max(index, bytes.count - 1)).first(where: {
                    bytes[$0] == 13 && bytes[$0 + 1] == 10
                })
            else { break }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0,
                lineEnd + 2 + size <= bytes.count
            else { break }
            out += bytes[(lineEnd + 2)..<(lineEnd + 2 + size)]
            index = lineEnd + 2 + size + 2
        }
        return out
    }
}
