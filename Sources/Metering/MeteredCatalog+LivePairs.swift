import Catalog
import VitrineCore

extension MeteredCatalog {
    public func recordLivePart(_ part: LivePart, identifier: String, photoId: String) async throws -> String? {
        try await metered(.recordLivePart) {
            try await base.recordLivePart(part, identifier: identifier, photoId: photoId)
        }
    }

    public func attachMotion(
        clip clipId: String, toStill stillId: String, jobs: [JobRequest], now: Int64
    ) async throws -> [BlobKey]? {
        try await metered(.attachMotion) {
            try await base.attachMotion(clip: clipId, toStill: stillId, jobs: jobs, now: now)
        }
    }

    public func stillHolding(motion key: BlobKey) async throws -> String? {
        try await metered(.stillHolding) { try await base.stillHolding(motion: key) }
    }
}
