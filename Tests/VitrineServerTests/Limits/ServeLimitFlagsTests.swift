import Foundation
import ServerTestSupport
import TestSupport
import Testing

@testable import VitrineServer

#if canImport(Glibc)
    import Glibc
#endif

/// The limits as an operator sets them: `vitrine serve` flags, checked, and in force in the real process.
@Suite struct ServeLimitFlagsTests {
    static var binary: String { ProcessInfo.processInfo.environment["VITRINE_BINARY"] ?? ".build/debug/vitrine" }

    static func run(_ arguments: [String]) throws -> (Int32, String) { try VitrineProcess.run(arguments) }

    static func freePort() throws -> Int { try VitrineProcess.freePort() }

    @Test func everyLimitHasAFlagAndOutOfRangeValuesAreRefused() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build the vitrine product first")
        let (status, help) = try Self.run(["serve", "--help"])
        #expect(status == 0)
        for (name, _, _) in Limits.ranges { #expect(help.contains("--\(name)"), "\(name)") }
        #expect(help.contains("--trust-proxy"))
        let data = TemporaryDirectory("serve-flags")
        for (name, range, _) in Limits.ranges {
            let (refused, output) = try Self.run(["serve", "--data", data.path, "--\(name)=\(range.lowerBound - 1)"])
            #expect(refused != 0 && output.contains("--\(name) must be between"), "\(name): \(output)")
        }
    }

    @Test func theRunningServerEnforcesItsFlags() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build the vitrine product first")
        let data = TemporaryDirectory("serve-limits")
        let port = try Self.freePort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = [
            "serve", "--data", data.path, "--port", "\(port)", "--web", data.path + "/no-web",
            "--max-streams-per-client", "2", "--header-timeout", "1",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        var ready = false
        for _ in 0..<300 where !ready {
            if let probe = try? RawConnection(port: port) {
                try probe.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                ready = await offPool { probe.readHead() }?.status == 200
            }
            if !ready { try await Task.sleep(for: .milliseconds(50)) }
        }
        try #require(ready, "the server did not start")

        let streams = try (0..<2).map { _ in try LiveWritesTests.subscribe(port: port) }
        for stream in streams { #expect(await offPool { stream.readHead() }?.status == 200) }
        let third = try LiveWritesTests.subscribe(port: port)
        #expect(await offPool { third.readHead() }?.status == 429)
        for stream in streams { stream.close() }

        let halfSent = try RawConnection(port: port)
        try halfSent.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")
        #expect(await offPool { halfSent.waitForClose() })

        // The request that used to end the process: `seq + 1` at the top of the 64-bit range.
        var reset: [String: String]?
        for _ in 0..<100 where reset == nil {
            let stream = try LiveWritesTests.subscribe(port: port, query: "?since=9223372036854775807")
            let head = await offPool { stream.readHead() }
            if head?.status == 200 {
                reset = await stream.nextEvent()
            } else {
                try await Task.sleep(for: .milliseconds(50))
            }
            stream.close()
        }
        #expect(reset?["event"] == "reset")
        #expect(process.isRunning)
        let after = try RawConnection(port: port)
        try after.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await offPool { after.readHead() }?.status == 200)
    }
}
