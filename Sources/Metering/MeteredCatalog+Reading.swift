import Blobs
import Catalog
import VitrineCore

extension MeteredCatalog {
    public func photo(id: String) async throws -> PhotoWithVariants? {
        try await metered(.photo) { try await base.photo(id: id) }
    }

    public func detail(id: String) async throws -> PhotoDetailRecord? {
        try await metered(.detail) { try await base.detail(id: id) }
    }

    public func photo(contentHash: String) async throws -> PhotoRecord? {
        try await metered(.photoByHash) { try await base.photo(contentHash: contentHash) }
    }

    public func photos(ids: [String]) async throws -> [String: PhotoWithVariants] {
        try await metered(.photos) { try await base.photos(ids: ids) }
    }

    public func count() async throws -> Int {
        try await metered(.count) { try await base.count() }
    }

    public func count(of kind: VariantKind) async throws -> Int {
        try await metered(.countOfKind) { try await base.count(of: kind) }
    }

    public func photoIds(status: PhotoStatus, limit: Int) async throws -> [String] {
        try await metered(.photoIdsByStatus) { try await base.photoIds(status: status, limit: limit) }
    }

    public func page(
        after cursor: PageCursor?, offset: Int, limit: Int, filter: PhotoFilter
    ) async throws -> CatalogPage {
        try await metered(.page) { try await base.page(after: cursor, offset: offset, limit: limit, filter: filter) }
    }

    public func page(before cursor: PageCursor, limit: Int, filter: PhotoFilter) async throws -> CatalogPage {
        try await metered(.pageBefore) { try await base.page(before: cursor, limit: limit, filter: filter) }
    }

    public func relevancePage(
        after cursor: RelevanceCursor?, limit: Int, filter: PhotoFilter
    ) async throws -> RelevancePage {
        try await metered(.relevancePage) { try await base.relevancePage(after: cursor, limit: limit, filter: filter) }
    }

    public func variant(blobKey: BlobKey) async throws -> VariantRecord? {
        try await metered(.variantByKey) { try await base.variant(blobKey: blobKey) }
    }

    public func variant(photoId: String, kind: VariantKind) async throws -> VariantRecord? {
        try await metered(.variant) { try await base.variant(photoId: photoId, kind: kind) }
    }

    public func sizedVariant(photoId: String, edge: Int) async throws -> SizedVariantRecord? {
        try await metered(.sizedVariant) { try await base.sizedVariant(photoId: photoId, edge: edge) }
    }

    public func monthCounts(filter: PhotoFilter) async throws -> [MonthCount] {
        try await metered(.monthCounts) { try await base.monthCounts(filter: filter) }
    }

    public func monthOffset(of position: PageCursor, filter: PhotoFilter) async throws -> Int {
        try await metered(.monthOffset) { try await base.monthOffset(of: position, filter: filter) }
    }

    public func tagCounts(limit: Int) async throws -> [TagCount] {
        try await metered(.tagCounts) { try await base.tagCounts(limit: limit) }
    }

    public func tags(of photoId: String) async throws -> [String] {
        try await metered(.tags) { try await base.tags(of: photoId) }
    }

    public func tags(of photoIds: [String]) async throws -> [String: [String]] {
        try await metered(.tagsOfPhotos) { try await base.tags(of: photoIds) }
    }

    public func counters(photoId: String) async throws -> (views: Int, downloads: Int)? {
        try await metered(.counters) { try await base.counters(photoId: photoId) }
    }

    public func photos(
        missing kind: VariantKind, after cursor: PageCursor?, limit: Int
    ) async throws -> [PhotoWithVariants] {
        try await metered(.photosMissing) { try await base.photos(missing: kind, after: cursor, limit: limit) }
    }
}
