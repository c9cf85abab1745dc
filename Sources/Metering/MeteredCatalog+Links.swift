import Catalog
import VitrineCore

extension MeteredCatalog {
    public func createLink(_ link: LinkRecord, photos: PhotoSelection?) async throws {
        try await metered(.createLink) { try await base.createLink(link, photos: photos) }
    }

    public func links() async throws -> [LinkRecord] {
        try await metered(.links) { try await base.links() }
    }

    public func link(slug: String) async throws -> LinkRecord? {
        try await metered(.link) { try await base.link(slug: slug) }
    }

    public func updateLink(_ link: LinkRecord) async throws -> Bool {
        try await metered(.updateLink) { try await base.updateLink(link) }
    }

    public func deleteLink(slug: String) async throws -> Bool {
        try await metered(.deleteLink) { try await base.deleteLink(slug: slug) }
    }

    public func recordView(slug: String, at: Int64) async throws {
        try await metered(.recordView) { try await base.recordView(slug: slug, at: at) }
    }

    public func linkVariant(slug: String, blobKey: BlobKey) async throws -> VariantRecord? {
        try await metered(.linkVariant) { try await base.linkVariant(slug: slug, blobKey: blobKey) }
    }

    public func linkShares(slug: String, photoId: String) async throws -> Bool {
        try await metered(.linkShares) { try await base.linkShares(slug: slug, photoId: photoId) }
    }

    public func recordLinkUpload(slug: String, photoId: String, at: Int64, limit: Int) async throws -> Bool {
        try await metered(.recordLinkUpload) {
            try await base.recordLinkUpload(slug: slug, photoId: photoId, at: at, limit: limit)
        }
    }

    public func linkUploadCount(slug: String) async throws -> Int {
        try await metered(.linkUploadCount) { try await base.linkUploadCount(slug: slug) }
    }

    public func uploadLinks(photoId: String) async throws -> [String] {
        try await metered(.uploadLinks) { try await base.uploadLinks(photoId: photoId) }
    }
}
