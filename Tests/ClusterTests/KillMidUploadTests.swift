import AsyncHTTPClient
import Blobs
import Foundation
import NIOCore
import Synchronization
import TestSupport
import Testing
import VitrineAPI

/// A server killed in the middle of uploads leaves nothing half-written in the shared catalog and bucket,
/// and the other server goes on serving as if nothing happened.
@Suite struct KillMidUploadTests {
    @Test func sigkillOfAMidUploadLeavesNothingHalfWrittenAndBKeepsServing() async throws {
        let cluster = try await ClusterLibrary("kill")
        let a = try await cluster.start("a")
        let b = try await cluster.start("b")
        let token = try #require(a.adminTokenFile, "server a wrote no admin token")
        let kept = try await HTTP.upload(a, try cluster.photo(seed: 41), name: "kept.jpg", token: token).photo.id

        // Upload 1: half of its body, then nothing more (a slow client).
        let slow = try cluster.photo(seed: 42)
        let (body, more) = AsyncStream<ByteBuffer>.makeStream()
        var request = HTTPClientRequest(url: a.base + "/api/v1/photos?filename=slow.jpg")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.body = .stream(body, length: .known(Int64(slow.count)))
        let slowUpload = Task { try await HTTP.client.execute(request, timeout: .seconds(120)) }
        more.yield(ByteBuffer(bytes: slow[..<(slow.count / 2)]))
        #expect(try await Self.waitForUploadBytes(in: a.data), "A never started writing the slow upload")

        // Upload 2: a whole, larger photo; A is killed as soon as it holds a blob lease for it (it is then
        // between its first blob write and its catalog row), or when it has answered.
        let wholePath = try Fixtures.write(cluster.scratch.file("whole.jpg"), width: 2400, height: 1800, seed: 43)
        let whole = try Fixtures.bytes(of: wholePath)
        let answered = Flag()
        let wholeUpload = Task {
            defer { answered.raise() }
            return try await HTTP.upload(a, whole, name: "whole.jpg", token: token)
        }
        let leased = try await cluster.withCatalog { catalog in
            for _ in 0..<4000 {
                if try await !catalog.leases().isEmpty { return true }
                if answered.isRaised { return false }
                try await Task.sleep(for: .milliseconds(2))
            }
            return false
        }
        a.kill()
        print("A killed \(leased ? "while holding a blob lease" : "after the whole upload was answered")")
        more.finish()
        _ = try? await slowUpload.value
        let wholeResult = try? await wholeUpload.value

        // B serves reads and writes as before.
        let afterKill = try await HTTP.upload(b, try cluster.photo(seed: 44), name: "b.jpg", token: token).photo.id
        let listed = Set(try await HTTP.allIDs(b))
        var expected: Set<String> = [kept, afterKill]
        if let wholeResult {
            expected.insert(wholeResult.photo.id)
        } else {
            // Killed after its row was written but before it answered: the photo is whole, only unanswered.
            let hash = try FileHasher.sha256(path: wholePath).key.hex
            if let landed = try await cluster.withCatalog({ try await $0.photo(contentHash: hash)?.id }) {
                expected.insert(landed)
            }
        }
        #expect(listed == expected)

        let (ids, _) = try await cluster.checkNothingHalfWritten("after SIGKILL")
        #expect(ids == expected)

        // What the killed process had stored without a row is garbage, and gc (no other writer) takes it.
        let collected = try await cluster.run(["gc"])
        #expect(collected.status == 0, "\(collected.output)")
        let (_, referenced) = try await cluster.checkNothingHalfWritten("after gc")
        #expect(try await cluster.storedBlobs() == referenced, "the bucket holds exactly the referenced blobs")
        #expect(try await cluster.withCatalog { try await $0.leases() }.isEmpty, "leases remain after gc")
        #expect(try await HTTP.page(b, limit: 10).total == expected.count)
    }

    /// Waits until a file under the server's `tmp/` holds bytes: its upload is being received.
    static func waitForUploadBytes(in data: String) async throws -> Bool {
        for _ in 0..<1000 {
            let root = data + "/tmp"
            let files = (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []
            for file in files {
                let size = (try? FileManager.default.attributesOfItem(atPath: root + "/" + file)[.size]) as? Int
                if let size, size > 0, !file.hasSuffix("owner") { return true }
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }
}

/// Raised once, read from any task.
final class Flag: Sendable {
    private let value = Mutex(false)
    func raise() { value.withLock { $0 = true } }
    var isRaised: Bool { value.withLock { $0 } }
}
