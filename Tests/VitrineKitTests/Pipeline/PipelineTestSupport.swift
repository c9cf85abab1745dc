import Foundation
import Testing

@testable import VitrineKit

/// A pipeline on `server` without a rate limit and with short retry delays, adjusted by `configure`.
func makePipeline(
    _ server: PipelineHTTPServer, token: String? = nil,
    _ configure: (inout ImagePipeline.Configuration) -> Void = { _ in }
) -> ImagePipeline {
    var configuration = ImagePipeline.Configuration(client: VitrineClient(baseURL: server.baseURL, token: token))
    configuration.rateLimiter = nil
    configuration.retryDelay = .milliseconds(10)
    configure(&configuration)
    return ImagePipeline(configuration: configuration)
}

/// `count` bytes that differ with `seed`.
func imageBytes(_ count: Int, seed: Int = 0) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 251 &+ seed) })
}

/// Polls `condition` until it holds, failing after `timeout`.
func waitUntil(_ what: String, timeout: Duration = .seconds(60), _ condition: @Sendable () -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("timed out waiting for \(what)")
            throw CancellationError()
        }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// Whether awaiting `task`'s response throws `CancellationError`.
func isCancelled(_ task: ImageTask) async -> Bool {
    do {
        _ = try await task.response
        return false
    } catch {
        return error is CancellationError
    }
}
