import AsyncHTTPClient
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real `vitrine serve` process of a cluster: its own data folder and port, the shared catalog and bucket.
final class ClusterServer: @unchecked Sendable {
    let name: String
    let data: String
    let port: Int
    let log: String
    let process: Process

    /// Starts the process; `waitUntilHealthy` waits for it to answer.
    init(name: String, data: String, arguments: [String], environment: [String: String]) throws {
        let binary = try #require(VitrineBinary.path, "set VITRINE_BINARY or build the vitrine product")
        self.name = name
        self.data = data
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        port = try ChildProcess.freeLoopbackPort()
        log = data + ".log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments =
            ["serve", "--data", data, "--host", "127.0.0.1", "--port", "\(port)", "--web", data + "/no-web"]
            // What an upload stored is checked the moment it answers.
            + (arguments.contains("--upload-renders") ? [] : ["--upload-renders", "inline"]) + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    var base: String { "http://127.0.0.1:\(port)" }

    /// Waits until `/healthz` answers 200; throws with the server's log when it ends or never answers.
    func waitUntilHealthy(within limit: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let response = try? await HTTP.get(base + "/healthz"), response.status == 200 { return }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        kill()
        throw ServerDidNotStart(name: name, log: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    /// The admin token this server wrote to its data folder, if it wrote one.
    var adminTokenFile: String? {
        (try? String(contentsOfFile: data + "/admin-token", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// SIGKILL, as a crash or an OOM killer would: no shutdown code runs.
    func kill() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM, as an operator would, and waits for the end.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        if !ChildProcess.waitForExit(process, seconds: 30) {
            Issue.record("server \(name) did not stop within 30 s of SIGTERM; killed")
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { kill() }

    struct ServerDidNotStart: Error, CustomStringConvertible {
        var name: String
        var log: String
        var description: String { "server \(name) did not answer /healthz; log:\n\(log)" }
    }
}
