import Foundation

/// moto in server mode on a loopback port with signature checking on, and an IAM user's key that signs for
/// it: the S3 peer of the tests (see Tests/S3Support/s3peer.py). One peer serves a test process; each test
/// takes buckets of its own. moto stops when `stop()` is called or when this process ends (the helper
/// watches its standard input, which closes with this process).
public final class S3Peer: @unchecked Sendable {
    public let endpoint: String
    public let accessKeyId: String
    public let secretAccessKey: String
    public let region: String
    let helper: Process
    let input: Pipe
    let scratch: TemporaryDirectory

    /// The helper script, beside this folder.
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("S3Support/s3peer.py").path

    private static let sharedPeer = Result { try S3Peer() }

    /// The process's peer, started on first use.
    public static func shared() throws -> S3Peer { try sharedPeer.get() }

    /// Starts moto and its IAM user; returns once both are ready.
    public init() throws {
        scratch = TemporaryDirectory("vitrine-moto")
        input = Pipe()
        let output = Pipe()
        helper = Process()
        helper.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        helper.arguments = ["python3", Self.script, "serve", scratch.path]
        helper.standardInput = input
        helper.standardOutput = output
        helper.standardError = FileHandle.nullDevice
        try helper.run()
        let line = Self.readLine(output.fileHandleForReading)
        guard let data = line.data(using: .utf8),
            let fields = try? JSONSerialization.jsonObject(with: data) as? [String: String],
            let endpoint = fields["endpoint"], let key = fields["accessKeyId"], let secret = fields["secretAccessKey"],
            let region = fields["region"]
        else {
            helper.terminate()
            throw PeerError(message: "the S3 peer did not start (moto[server] and boto3 installed?): \(line)")
        }
        self.endpoint = endpoint
        accessKeyId = key
        secretAccessKey = secret
        self.region = region
    }

    /// Stops moto (closing the helper's input ends it).
    public func stop() {
        try? input.fileHandleForWriting.close()
        helper.waitUntilExit()
    }

    /// The loopback port moto listens on.
    public var port: Int { Int(endpoint.split(separator: ":").last ?? "") ?? 0 }

    /// A new bucket with a unique, valid name.
    public func makeBucket(_ label: String = "t") throws -> String {
        let name = "vitrine-\(label.lowercased().prefix(20))-\(UUID().uuidString.lowercased().prefix(13))"
        _ = try tool(["create-bucket", name])
        return name
    }

    /// Runs one boto3 command of the helper (see s3peer.py) and returns its standard output.
    @discardableResult
    public func tool(_ arguments: [String]) throws -> String {
        try Self.runHelper(
            arguments,
            environment: ["S3PEER_ENDPOINT": endpoint, "S3PEER_KEY": accessKeyId, "S3PEER_SECRET": secretAccessKey])
    }

    /// Runs the helper with `arguments` (and `stdin`), failing when it fails.
    public static func runHelper(
        _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil
    ) throws
        -> String
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readToEndRetryingInterrupts()
        let err = errors.fileHandleForReading.readToEndRetryingInterrupts()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PeerError(
                message: "s3peer.py \(arguments.joined(separator: " ")): \(String(decoding: err, as: UTF8.self))")
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func readLine(_ handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while true {
            guard let byte = handle.readByteRetryingInterrupts(), byte != UInt8(ascii: "\n") else { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public struct PeerError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}

/// A loopback HTTP proxy in front of the peer that closes a share of connections without an answer and
/// answers `503 SlowDown` to another share, from a seeded generator (see s3peer.py `proxy`).
public final class FaultProxy: @unchecked Sendable {
    public let port: Int
    let helper: Process
    let input: Pipe
    let output: Pipe

    public init(targetPort: Int, seed: UInt64, dropShare: Double, slowDownShare: Double) throws {
        input = Pipe()
        output = Pipe()
        helper = Process()
        helper.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        helper.arguments = [
            "python3", S3Peer.script, "proxy", String(targetPort), String(seed), String(dropShare),
            String(slowDownShare),
        ]
        helper.standardInput = input
        helper.standardOutput = output
        helper.standardError = FileHandle.nullDevice
        try helper.run()
        guard let port = Int(S3Peer.readLine(output.fileHandleForReading)) else {
            helper.terminate()
            throw S3Peer.PeerError(message: "the fault proxy did not start")
        }
        self.port = port
    }

    public var endpoint: String { "http://127.0.0.1:\(port)" }

    /// Stops the proxy and returns how many requests it forwarded, dropped and answered SlowDown.
    @discardableResult
    public func stop() -> [String: Int] {
        try? input.fileHandleForWriting.close()
        let line = S3Peer.readLine(output.fileHandleForReading)
        helper.waitUntilExit()
        let counts = line.data(using: .utf8).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Int] }
        return counts ?? [:]
    }
}
