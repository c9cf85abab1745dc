import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real `vitrine worker` process of a cluster: its own data folder, the shared catalog and bucket.
final class ClusterWorker: @unchecked Sendable {
    let name: String
    let log: String
    let process: Process

    init(_ cluster: ClusterLibrary, name: String, _ extra: [String] = []) throws {
        let binary = try #require(VitrineBinary.path, "set VITRINE_BINARY or build the vitrine product")
        self.name = name
        let data = cluster.scratch.file(name)
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        log = data + ".log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["worker", "--data", data] + cluster.flags + extra
        process.environment = ProcessInfo.processInfo.environment.merging(cluster.environment) { $1 }
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    var logText: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// SIGTERM, as an operator would, and waits for the end.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        if !ChildProcess.waitForExit(process, seconds: 30) {
            Issue.record("worker \(name) did not stop within 30 s of SIGTERM; killed")
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit {
        if process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
