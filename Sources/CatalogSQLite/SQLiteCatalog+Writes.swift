import Catalog
import GRDB

extension SQLiteCatalog {
    /// Inserts a photo and its variants in one transaction: either all rows exist or none do.
    ///
    /// The same transaction announces the photo on the live feed and drops `leaseOwner`'s blob leases,
    /// which the variant rows now replace as the blobs' protection from garbage collection.
    public func insert(
        _ photo: PhotoRecord, variants: [VariantRecord], tags: [String], leaseOwner: String?, jobs: [JobRequest],
        now: Int64
    ) async throws {
        try JobLimits.check(jobs)
        do {
            try await write { db in
                if let existing = try PhotoRecord.filter(Column("contentHash") == photo.contentHash).fetchOne(db) {
                    throw CatalogError.duplicate(existingID: existing.id)
                }
                try Self.insertRows(photo, variants: variants, tags: tags, in: db)
                try Self.recordChange(.insert, photoId: photo.id, takenAt: photo.takenAt, in: db)
                if let leaseOwner { try Self.releaseLeases(owner: leaseOwner, in: db) }
                _ = try Self.enqueueRows(jobs, now: now, in: db)
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            let existing = try await read { db in
                try PhotoRecord.filter(Column("contentHash") == photo.contentHash).fetchOne(db)
            }
            guard let existing else { throw error }
            throw CatalogError.duplicate(existingID: existing.id)
        }
    }
}

extension SQLiteCatalog {
    /// Inserts many photos in one transaction (fixtures and migrations; imports go through `insert`).
    public func insertMany(_ photos: [(photo: PhotoRecord, variants: [VariantRecord], tags: [String])]) async throws {
        try await write { db in
            for entry in photos { try Self.insertRows(entry.photo, variants: entry.variants, tags: entry.tags, in: db) }
        }
    }

    /// A photo's rows: the photo, its variants, tags, search row and compat identity.
    static func insertRows(_ photo: PhotoRecord, variants: [VariantRecord], tags: [String], in db: Database) throws {
        try photo.insert(db)
        for variant in variants { try variant.insert(db) }
        try attach(tags: tags, to: photo.id, in: db)
        try refreshSearchRow(photoId: photo.id, in: db)
        try assignCompatIdentity(photoId: photo.id, in: db)
    }
}
