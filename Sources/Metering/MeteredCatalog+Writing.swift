import Blobs
import Catalog
import VitrineCore

extension MeteredCatalog {
    public func insert(
        _ photo: PhotoRecord, variants: [VariantRecord], tags: [String], leaseOwner: String?, jobs: [JobRequest],
        now: Int64
    ) async throws {
        try await metered(.insert) {
            try await base.insert(photo, variants: variants, tags: tags, leaseOwner: leaseOwner, jobs: jobs, now: now)
        }
    }

    public func insertMany(_ photos: [(photo: PhotoRecord, variants: [VariantRecord], tags: [String])]) async throws {
        try await metered(.insertMany) { try await base.insertMany(photos) }
    }

    public func update(id: String, _ edit: CatalogEdit) async throws -> PhotoWithVariants? {
        try await metered(.update) { try await base.update(id: id, edit) }
    }

    public func delete(id: String) async throws -> [BlobKey]? {
        try await metered(.delete) { try await base.delete(id: id) }
    }

    public func addVariant(_ record: VariantRecord, leaseOwner: String, announces: Bool) async throws -> Bool {
        try await metered(.addVariant) {
            try await base.addVariant(record, leaseOwner: leaseOwner, announces: announces)
        }
    }

    public func settleRender(photoId: String, appearance: PhotoAppearance?) async throws -> Bool {
        try await metered(.settleRender) { try await base.settleRender(photoId: photoId, appearance: appearance) }
    }

    public func insertSizedVariant(
        _ record: SizedVariantRecord, leaseOwner: String
    ) async throws -> SizedVariantRecord? {
        try await metered(.insertSizedVariant) { try await base.insertSizedVariant(record, leaseOwner: leaseOwner) }
    }

    @discardableResult public func increment(_ counter: PhotoCounter, photoId: String) async throws -> Bool {
        try await metered(.increment) { try await base.increment(counter, photoId: photoId) }
    }
}
