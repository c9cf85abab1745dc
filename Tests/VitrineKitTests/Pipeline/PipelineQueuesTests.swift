import Foundation
import Synchronization
import TestSupport
import Testing

@testable import VitrineKit

/// A decoder that notes which pipeline queue ran each decode.
final class QueueRecordingDecoder: ImageDecoding {
    let queues = Mutex<[String?]>([])

    func decode(_ data: Data, request: ImageRequest) throws -> ImageContainer {
        let queue = PipelineQueues.current
        queues.withLock { $0.append(queue) }
        return ImageContainer(data: data, pixelSize: request.pixelSize)
    }
}

@Suite struct PipelineQueuesTests {
    /// A decode (an ImageIO downsample of a large photo, on Apple platforms) holds its thread, so it runs on
    /// the pipeline's decoding queue, never on a thread of the cooperative pool, whether the bytes came from
    /// the network or the disk.
    @Test func decodesRunOnThePipelinesDecodingQueue() async throws {
        try await PipelineHTTPServer.with { server in
            let folder = TemporaryDirectory("pipeline-queues")
            let url = server.serve("/q.jpg", imageBytes(5_000))
            let decoder = QueueRecordingDecoder()
            let disk = ImagePipeline.DiskCacheOptions(directory: URL(fileURLWithPath: folder.path))
            let first = makePipeline(server) {
                $0.decoder = decoder
                $0.diskCache = disk
            }
            let fromNetwork = try await first.image(for: ImageRequest(url: url))
            #expect(fromNetwork.source == .network)
            let second = makePipeline(server) {
                $0.decoder = decoder
                $0.diskCache = disk
            }
            let fromDisk = try await second.image(for: ImageRequest(url: url))
            #expect(fromDisk.source == .disk)
            #expect(decoder.queues.withLock { $0 } == ["decoding", "decoding"])
            #expect(PipelineQueues.current == nil, "a test's task is not on a pipeline queue")
        }
    }
}
