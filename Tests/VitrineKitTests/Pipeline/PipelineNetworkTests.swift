import Foundation
import TestSupport
import Testing

@testable import VitrineKit

@Suite struct PipelineNetworkTests {
    @Test func aDroppedConnectionResumesWithRangeAndIfRange() async throws {
        try await PipelineHTTPServer.with { server in
            let body = imageBytes(300_000)
            let url = server.serve("/r.jpg", body)
            server.dropConnection("/r.jpg", after: 100_000)
            let pipeline = makePipeline(server)
            let response = try await pipeline.image(for: ImageRequest(url: url))
            #expect(response.container.data == body)
            let requests = server.requests("/r.jpg")
            try #require(requests.count == 2)
            #expect(requests[0].headers["range"] == nil)
            let range = try #require(requests[1].headers["range"])
            let start = try #require(Int(range.dropFirst("bytes=".count).dropLast()))
            #expect(range.hasPrefix("bytes=") && range.hasSuffix("-"))
            #expect(start > 0 && start <= 100_000)
            #expect(requests[1].headers["if-range"]?.hasPrefix("\"300000-") == true)
        }
    }

    @Test func aLaterRequestResumesAndAChangedImageRestarts() async throws {
        try await PipelineHTTPServer.with { server in
            let folder = TemporaryDirectory("pipeline-partial")
            let disk = ImagePipeline.DiskCacheOptions(directory: URL(fileURLWithPath: folder.path))
            let body = imageBytes(200_000)
            let url = server.serve("/r.jpg", body)
            server.dropConnection("/r.jpg", after: 80_000)
            let first = makePipeline(server) {
                $0.maximumRetries = 0
                $0.diskCache = disk
            }
            await #expect(throws: VitrineError.self) { try await first.image(for: ImageRequest(url: url)) }
            #expect(partialFiles(in: folder).count == 1)
            // A new instance finds the partial bytes on disk and resumes.
            let second = makePipeline(server) { $0.diskCache = disk }
            let resumed = try await second.image(for: ImageRequest(url: url))
            #expect(resumed.container.data == body)
            #expect(server.requests("/r.jpg").last?.headers["range"] != nil)
            #expect(partialFiles(in: folder).isEmpty)

            // The same again, but the image changes before the resume: If-Range fails, a 200 restarts.
            let other = server.serve("/s.jpg", body)
            server.dropConnection("/s.jpg", after: 80_000)
            let third = makePipeline(server) { $0.maximumRetries = 0 }
            await #expect(throws: VitrineError.self) { try await third.image(for: ImageRequest(url: other)) }
            let changed = imageBytes(150_000, seed: 9)
            server.serve("/s.jpg", changed)
            let restarted = try await third.image(for: ImageRequest(url: other))
            #expect(restarted.container.data == changed)
            let last = try #require(server.requests("/s.jpg").last)
            #expect(last.headers["range"] != nil && last.headers["if-range"] != nil)
        }
    }

    @Test func a503IsRetriedThenSucceeds() async throws {
        try await PipelineHTTPServer.with { server in
            let body = imageBytes(5_000)
            let url = server.serve("/u.jpg", body)
            server.fail("/u.jpg", times: 2)
            let pipeline = makePipeline(server)
            let retried = try await pipeline.image(for: ImageRequest(url: url))
            #expect(retried.container.data == body)
            #expect(server.requestCount("/u.jpg") == 3)

            let other = server.serve("/v.jpg", body)
            server.fail("/v.jpg", times: 10)
            let giving = makePipeline(server) { $0.maximumRetries = 2 }
            await #expect(throws: VitrineError.http(status: 503, code: nil, message: nil)) {
                try await giving.image(for: ImageRequest(url: other))
            }
            #expect(server.requestCount("/v.jpg") == 3)
        }
    }

    @Test func theRateLimiterSpacesStartsBeyondTheBurst() async throws {
        try await PipelineHTTPServer.with { server in
            let urls = (0..<6).map { server.serve("/\($0).jpg", imageBytes(500, seed: $0)) }
            let pipeline = makePipeline(server) {
                $0.rateLimiter = .init(rate: 10, burst: 2)
                $0.maximumConcurrentDownloads = 6
            }
            let start = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for url in urls { group.addTask { _ = try await pipeline.image(for: ImageRequest(url: url)) } }
                try await group.waitForAll()
            }
            // 2 at once, then 4 more at 10 per second: at least 0.4 s.
            #expect(ContinuousClock.now - start >= .milliseconds(390))
            #expect(server.allRequests.count == 6)
        }
    }

    @Test func theTokenGoesOnlyToTheClientsOrigin() async throws {
        try await PipelineHTTPServer.with { own in
            try await PipelineHTTPServer.with { other in
                let ownURL = own.serve("/own.jpg", imageBytes(100))
                let otherURL = other.serve("/cdn.jpg", imageBytes(100, seed: 1))
                let pipeline = makePipeline(own, token: "secret")
                _ = try await pipeline.image(for: ImageRequest(url: ownURL))
                _ = try await pipeline.image(for: ImageRequest(url: otherURL))
                #expect(own.requests("/own.jpg").first?.headers["authorization"] == "Bearer secret")
                #expect(other.requests("/cdn.jpg").count == 1)
                #expect(other.requests("/cdn.jpg").first?.headers["authorization"] == nil)
            }
        }
    }

    @Test func anImageOverTheLimitFails() async throws {
        try await PipelineHTTPServer.with { server in
            let url = server.serve("/big.jpg", imageBytes(10_000))
            let pipeline = makePipeline(server) { $0.maximumImageBytes = 5_000 }
            await #expect(throws: VitrineError.tooLarge(limit: 5_000)) {
                try await pipeline.image(for: ImageRequest(url: url))
            }
        }
    }

    @Test func theDefaultDecoderDeliversTheAPIsPixelSize() async throws {
        try await PipelineHTTPServer.with { server in
            let url = server.serve("/t.jpg", imageBytes(100))
            let pipeline = makePipeline(server)
            let size = PixelSize(width: 400, height: 300)
            let response = try await pipeline.image(for: ImageRequest(url: url, pixelSize: size))
            #expect(response.container.pixelSize == size)
        }
    }

    private func partialFiles(in folder: TemporaryDirectory) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".partial") }
    }
}
