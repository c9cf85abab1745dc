import Foundation
import TestSupport
import Testing

@testable import VitrineMirror

#if canImport(Glibc)
    import Glibc
#endif

/// The real `vitrine mirror`, SIGKILLed in the middle of a mirror, then run again.
@Suite struct MirrorKillTests {
    @Test func aKilledMirrorLeavesNoPartialFileAndTheNextRunFinishes() async throws {
        let binary = try #require(VitrineBinary.path, "set VITRINE_BINARY or build the vitrine product")
        let library = try await MirrorLibrary(photos: 16, width: 1024)
        let folder = TemporaryDirectory("mirror")
        try await library.serve(pace: .milliseconds(40)) { url in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["mirror", url.absoluteString, folder.path, "--parallel", "2"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            do {
                // Killed once it has started writing: a part file or a finished photo exists.
                try await MirrorCheck.wait("the mirror to start writing") {
                    let partials = (try? FileManager.default.contentsOfDirectory(atPath: folder.file(".partial"))) ?? []
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                    return !partials.isEmpty || names.contains { $0.hasSuffix(".json") }
                }
            } catch {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw error
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            try MirrorCheck.expectNoStrayFinalNames(folder.path, library: library)

            let (status, output) = try await Self.run(binary, ["mirror", url.absoluteString, folder.path])
            #expect(status == 0, "\(output)")
            #expect(output.contains("failed 0"), "\(output)")
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }

    @Test func aBadURLAndAnUnreachableServerAreClearFailures() async throws {
        let binary = try #require(VitrineBinary.path, "set VITRINE_BINARY or build the vitrine product")
        let folder = TemporaryDirectory("mirror")
        let bad = try await Self.run(binary, ["mirror", "not a url", folder.path])
        #expect(bad.status == 1 && bad.output.contains("not an http(s) URL"), "\(bad.output)")
        let port = try ChildProcess.freeLoopbackPort()
        let down = try await Self.run(binary, ["mirror", "http://127.0.0.1:\(port)/", folder.path])
        #expect(down.status == 1 && down.output.contains("cannot reach"), "\(down.output)")
    }

    @Test func aPrivateGalleryWithoutTheTokenSaysSo() async throws {
        let binary = try #require(VitrineBinary.path, "set VITRINE_BINARY or build the vitrine product")
        let library = try await MirrorLibrary(photos: 1)
        let folder = TemporaryDirectory("mirror")
        let token = try library.adminToken()
        try await library.serve(access: .init(isPrivate: true)) { url in
            let refused = try await Self.run(binary, ["mirror", url.absoluteString, folder.path])
            #expect(refused.status == 1 && refused.output.contains("VITRINE_TOKEN"), "\(refused.output)")
            let allowed = try await Self.run(
                binary, ["mirror", url.absoluteString, folder.path], environment: ["VITRINE_TOKEN": token])
            #expect(allowed.status == 0, "\(allowed.output)")
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }

    @Test func followEndsCleanlyOnSIGTERM() async throws {
        let binary = try #require(VitrineBinary.path, "set VITRINE_BINARY or build the vitrine product")
        let library = try await MirrorLibrary(photos: 1)
        let folder = TemporaryDirectory("mirror")
        let logs = TemporaryDirectory("mirror-log")
        let log = logs.write([], to: "out.log")
        try await library.serve { url in
            let process = try await Self.signal(
                SIGTERM, binary, ["mirror", url.absoluteString, folder.path, "--follow"], log: log,
                once: "the sync before following"
            ) {
                let state = try? MirrorState.load(from: URL(fileURLWithPath: folder.path))
                return state?.seq != nil && state?.photos.count == 1
            }
            #expect(process.terminationReason == .exit && process.terminationStatus == 0)
            let printed = String(decoding: logs.read("out.log"), as: UTF8.self)
            #expect(printed.contains("downloaded 1 ") && printed.contains("failed 0"), "\(printed)")
        }
    }

    @Test func anInterruptedSyncSavesWhatItFinishedAndTheNextRunCompletes() async throws {
        let binary = try #require(VitrineBinary.path, "set VITRINE_BINARY or build the vitrine product")
        let library = try await MirrorLibrary(photos: 8, width: 1024)
        let folder = TemporaryDirectory("mirror")
        let logs = TemporaryDirectory("mirror-log")
        let log = logs.write([], to: "out.log")
        try await library.serve(pace: .milliseconds(40)) { url in
            let process = try await Self.signal(
                SIGINT, binary, ["mirror", url.absoluteString, folder.path, "--parallel", "1"], log: log,
                once: "the first photo"
            ) {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                return names.contains { $0.hasSuffix(".json") }
            }
            #expect(process.terminationReason == .exit)
            let printed = String(decoding: logs.read("out.log"), as: UTF8.self)
            #expect(printed.contains("downloaded ") && !printed.contains("vitrine mirror:"), "\(printed)")
            let state = try #require(try MirrorState.load(from: URL(fileURLWithPath: folder.path)))
            #expect(!state.photos.isEmpty && state.photos.count < 8, "what finished is recorded")
            #expect(state.seq == nil, "an interrupted sync does not take the server's position")
            try MirrorCheck.expectNoStrayFinalNames(folder.path, library: library)

            let (status, rerun) = try await Self.run(binary, ["mirror", url.absoluteString, folder.path])
            #expect(status == 0 && rerun.contains("already there \(state.photos.count),"), "\(rerun)")
            try MirrorCheck.expectComplete(folder.path, library: library)
        }
    }

    /// Starts the binary with its output to `log`, sends it `signal` once `ready` holds, and answers it ended.
    static func signal(
        _ signal: Int32, _ binary: String, _ arguments: [String], log: String, once what: String,
        _ ready: @escaping @Sendable () throws -> Bool
    ) async throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = output
        process.standardError = output
        try process.run()
        do {
            try await MirrorCheck.wait(what, ready)
            kill(process.processIdentifier, signal)
            try await MirrorCheck.wait("the mirror to end on signal \(signal)", deadline: .seconds(60)) {
                !process.isRunning
            }
        } catch {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw error
        }
        process.waitUntilExit()
        return process
    }

    /// Runs the binary to its end on a thread of its own (it blocks).
    static func run(
        _ binary: String, _ arguments: [String], environment: [String: String] = [:]
    ) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try ChildProcess.run(binary, arguments, environment: environment) })
            }
        }
    }
}
