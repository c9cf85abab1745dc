import Catalog
import VitrineCore

extension MeteredCatalog {
    public func trash(id: String) async throws -> [BlobKey]? {
        try await metered(.trash) { try await base.trash(id: id) }
    }

    public func trashPage(after cursor: PageCursor?, limit: Int) async throws -> TrashPage {
        try await metered(.trashPage) { try await base.trashPage(after: cursor, limit: limit) }
    }

    public func trashedPhoto(id: String) async throws -> TrashedPhoto? {
        try await metered(.trashedPhoto) { try await base.trashedPhoto(id: id) }
    }

    public func restore(id: String) async throws -> RestoreOutcome? {
        try await metered(.restore) { try await base.restore(id: id) }
    }

    public func purgeTrash(trashedBefore cutoff: Int64?) async throws -> [BlobKey] {
        try await metered(.purgeTrash) { try await base.purgeTrash(trashedBefore: cutoff) }
    }
}
