import Compat
import Foundation
import Hummingbird
import HummingbirdTesting
import Ingest
import Scheduling
import ServerTestSupport
import VitrineApp

@testable import VitrineServer

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a blocking socket call on a thread of its own: on Swift's small cooperative pool it would starve the
/// in-process server it waits for.
func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: body()) }
    }
}

extension RawConnection {
    /// A response head: its status and its fields, names lowercased; nil when the connection ended first.
    func readHead() -> (status: Int, fields: [String: String])? {
        guard let head = read(until: "\r\n\r\n") else { return nil }
        let lines = head.components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        return (status, fields)
    }

    /// Reads until the server closes the connection: true when it did, false when the read timed out first.
    func waitForClose() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }
}

extension ServerFixture {
    /// The production router and HTTP server over `resources`, as `makeApplication` builds them: the
    /// library's catalog reopened on the blocking pool, as `serve` opens it.
    func makeLimitedApp(
        _ resources: ServerResources, access: AccessConfiguration = AccessConfiguration()
    ) async throws -> some ApplicationProtocol {
        let served = try await openLibrary(
            StorageConfiguration(dataDirectory: library.directory, executor: resources.blocking))
        return Application(
            router: try VitrineServer.makeRouter(
                library: served, webRoot: nil, access: access, compat: CompatConfiguration(), resources: resources,
                routes: [CompatRoutes(CompatConfiguration())]),
            server: .timedHTTP1(resources.limits))
    }
}

/// Holds a `BoundedExecutor`'s slots with jobs that wait until `release()`, so tests see it full.
final class PoolPlug: Sendable {
    private let gate = DispatchSemaphore(value: 0)
    private let count: Int
    private let tasks: [Task<Void, any Error>]

    /// Fills `executor`'s `width` slots and `queued` places in its queue.
    init(_ executor: BoundedExecutor, queued: Int = 0) async throws {
        let gate = gate
        count = executor.width + queued
        tasks = (0..<count).map { _ in Task { try await executor.run { gate.wait() } } }
        for _ in 0..<2000 where executor.running < executor.width || executor.waiting < queued {
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    func release() async throws {
        for _ in 0..<count { gate.signal() }
        for task in tasks { try await task.value }
    }
}
