import Foundation
import Synchronization
import TestSupport
import Testing
import VitrineAPI

@testable import VitrineKit

@Suite struct PipelineCacheTests {
    @Test func theDiskCacheSurvivesANewPipeline() async throws {
        try await PipelineHTTPServer.with { server in
            let folder = TemporaryDirectory("pipeline-disk")
            let body = imageBytes(40_000)
            let url = server.serve("/p.jpg", body)
            let disk = ImagePipeline.DiskCacheOptions(directory: URL(fileURLWithPath: folder.path))
            let first = makePipeline(server) { $0.diskCache = disk }
            let fromNetwork = try await first.image(for: ImageRequest(url: url))
            #expect(fromNetwork.source == .network)
            let second = makePipeline(server) { $0.diskCache = disk }
            let again = try await second.image(for: ImageRequest(url: url))
            #expect(again.source == .disk)
            #expect(again.container.data == body)
            #expect(server.requestCount("/p.jpg") == 1)
        }
    }

    @Test func theDiskCacheEvictsTheLeastRecentlyUsedPastItsSize() async throws {
        try await PipelineHTTPServer.with { server in
            let folder = TemporaryDirectory("pipeline-disk")
            let urls = (0..<3).map { server.serve("/\($0).jpg", imageBytes(10_000, seed: $0)) }
            let disk = ImagePipeline.DiskCacheOptions(directory: URL(fileURLWithPath: folder.path), sizeLimit: 25_000)
            // No memory cache, so every repeat reaches the disk.
            let pipeline = makePipeline(server) {
                $0.diskCache = disk
                $0.memoryCostLimit = 0
            }
            /// Where the image came from; nil when it failed, which fails the expectation.
            func source(_ index: Int, _ pipeline: ImagePipeline) async -> ImageResponse.Source? {
                try? await pipeline.image(for: ImageRequest(url: urls[index])).source
            }
            #expect(await source(0, pipeline) == .network)
            #expect(await source(1, pipeline) == .network)
            #expect(await source(0, pipeline) == .disk)  // 1 is now the least recently used
            #expect(await source(2, pipeline) == .network)
            #expect(await source(1, pipeline) == .network)  // evicted; storing it again evicts 0
            #expect(stored(in: folder) == Set([urls[1], urls[2]].map(DiskCache.fileName)))

            // A new instance rebuilds the order from the files: 2 is older than 1.
            let later = makePipeline(server) {
                $0.diskCache = disk
                $0.memoryCostLimit = 0
            }
            #expect(await source(0, later) == .network)
            #expect(stored(in: folder) == Set([urls[0], urls[1]].map(DiskCache.fileName)))
            #expect(server.requestCount("/0.jpg") == 2)
        }
    }

    private func stored(in folder: TemporaryDirectory) -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") })
    }

    @Test func theMemoryCostLimitEvictsTheLeastRecentlyUsed() async throws {
        try await PipelineHTTPServer.with { server in
            let urls = (0..<3).map { server.serve("/\($0).jpg", imageBytes(1_000, seed: $0)) }
            let pipeline = makePipeline(server) { $0.memoryCostLimit = 2_500 }
            let requests = urls.map { ImageRequest(url: $0) }
            _ = try await pipeline.image(for: requests[0])
            _ = try await pipeline.image(for: requests[1])
            #expect(pipeline.cachedImage(for: requests[0]) != nil)  // 0 is now the most recently used
            _ = try await pipeline.image(for: requests[2])
            #expect(pipeline.cachedImage(for: requests[1]) == nil)
            #expect(pipeline.cachedImage(for: requests[0]) != nil)
            #expect(pipeline.cachedImage(for: requests[2]) != nil)
            #expect(pipeline.memoryCache.totalCost == 2_000)
        }
    }

    /// A photo still processing lists its variants with empty URLs: nothing is fetched for them (they named
    /// the server's root, whose page was then cached as every such photo's image).
    @Test func aVariantNotMadeYetFailsWithoutARequest() async throws {
        try await PipelineHTTPServer.with { server in
            let pipeline = makePipeline(server)
            let client = VitrineClient(baseURL: server.baseURL)
            let request = ImageRequest(VariantInfo(url: "", width: 0, height: 0), client: client)
            await #expect(throws: VitrineError.self) { try await pipeline.image(for: request) }
            #expect(server.requestCount("/") == 0 && server.requestCount("") == 0)
            #expect(pipeline.cachedImage(for: request) == nil)
        }
    }

    @Test func lruListKeepsOrderAndLimits() {
        var list = LRUList<String, Int>(costLimit: 10, countLimit: 3)
        list.insert(1, for: "a", cost: 4)
        list.insert(2, for: "b", cost: 4)
        #expect(list.value(for: "a") == 1)
        let evicted = list.insert(3, for: "c", cost: 4)
        #expect(evicted.map(\.key) == ["b"])
        #expect(list.keysFromOldest == ["a", "c"])
        list.insert(4, for: "d", cost: 1)
        list.insert(5, for: "e", cost: 1)
        #expect(list.keysFromOldest == ["c", "d", "e"])
        #expect(list.insert(6, for: "huge", cost: 11).map(\.key) == ["huge"])
        #expect(list.totalCost == 6)
        list.remove("d")
        #expect(list.keysFromOldest == ["c", "e"])
        #expect(list.count == 2)
    }

    /// A value the list evicts or removes is released then, not when its slot is next used: a cache past its
    /// limit would otherwise hold what it evicted.
    @Test func lruListReleasesWhatItEvicts() {
        final class Tracked {
            let released: @Sendable () -> Void
            init(_ released: @escaping @Sendable () -> Void) { self.released = released }
            deinit { released() }
        }
        let count = Mutex(0)
        var list = LRUList<Int, Tracked>(costLimit: 3)
        for key in 0..<3 { list.insert(Tracked { count.withLock { $0 += 1 } }, for: key, cost: 1) }
        _ = list.insert(Tracked { count.withLock { $0 += 1 } }, for: 9, cost: 3)
        #expect(count.withLock { $0 } == 3, "the three evicted are gone")
        list.remove(9)
        #expect(count.withLock { $0 } == 4)
    }
}
