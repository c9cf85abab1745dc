import Foundation
import GRDB

/// The catalog: one SQLite file in WAL mode behind a `DatabasePool`, owned by this one type.
///
/// Readers never block the writer and vice versa. Every read and write the app needs is a method here,
/// named for its intent, so SQL stays in one place (GRDB's AppDatabase pattern).
public struct PhotoCatalog: Sendable {
    let writer: any DatabaseWriter
    /// Recorded with each lease this catalog takes; see `PhotoCatalog+Leases`.
    var leaseHolder: LeaseHolder?

    /// Opens (creating if needed) the catalog at `path` and brings its schema up to date.
    public init(path: String, leaseHolder: LeaseHolder? = nil) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        let pool = try DatabasePool(path: path, configuration: configuration)
        // FULL: in WAL mode each commit fsyncs the WAL before it returns, so a commit survives a power cut
        // too. Deletions depend on it: their blobs are unlinked right after the commit that drops the rows,
        // and with NORMAL a power cut could bring the rows back without their files. Set on the writer
        // after the pool is open, because opening a pool sets NORMAL there (GRDB's WAL set-up).
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        try self.init(writer: pool)
        self.leaseHolder = leaseHolder
    }

    init(writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.migrator.migrate(writer)
    }
}

// MARK: - Writes

extension PhotoCatalog {
    public enum InsertError: Error, Equatable {
        /// A photo with the same original bytes is already catalogued.
        case duplicate(existingID: String)
    }

    /// Inserts a photo and its variants in one transaction: either all rows exist or none do.
    ///
    /// The same transaction announces the photo on the live feed and drops `leaseOwner`'s blob leases,
    /// which the variant rows now replace as the blobs' protection from garbage collection.
    public func insert(
        _ photo: PhotoRecord, variants: [VariantRecord], tags: [String] = [], leaseOwner: String? = nil
    ) throws {
        do {
            try writer.write { db in
                if let existing = try PhotoRecord.filter(Column("contentHash") == photo.contentHash).fetchOne(db) {
                    throw InsertError.duplicate(existingID: existing.id)
                }
                try photo.insert(db)
                for variant in variants { try variant.insert(db) }
                try Self.attach(tags: tags, to: photo.id, in: db)
                try Self.refreshSearchRow(photoId: photo.id, in: db)
                try Self.assignCompatIdentity(photoId: photo.id, in: db)
                try Self.recordChange(.insert, photoId: photo.id, takenAt: photo.takenAt, in: db)
                if let leaseOwner { try Self.releaseLeases(owner: leaseOwner, in: db) }
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            let existing = try writer.read { db in
                try PhotoRecord.filter(Column("contentHash") == photo.contentHash).fetchOne(db)
            }
            guard let existing else { throw error }
            throw InsertError.duplicate(existingID: existing.id)
        }
    }
}

extension PhotoCatalog {
    /// Inserts many photos in one transaction (fixtures and migrations; imports go through `insert`).
    public func insertMany(_ photos: [(photo: PhotoRecord, variants: [VariantRecord], tags: [String])]) throws {
        try writer.write { db in
            for entry in photos {
                try entry.photo.insert(db)
                for variant in entry.variants { try variant.insert(db) }
                try Self.attach(tags: entry.tags, to: entry.photo.id, in: db)
                try Self.refreshSearchRow(photoId: entry.photo.id, in: db)
                try Self.assignCompatIdentity(photoId: entry.photo.id, in: db)
            }
        }
    }
}

// MARK: - Reads

extension PhotoCatalog {
    public func photo(contentHash: String) throws -> PhotoRecord? {
        try writer.read { db in try PhotoRecord.filter(Column("contentHash") == contentHash).fetchOne(db) }
    }

    public func photo(id: String) throws -> PhotoWithVariants? {
        try writer.read { db in
            guard let photo = try PhotoRecord.fetchOne(db, key: id) else { return nil }
            return PhotoWithVariants(photo: photo, variants: try Self.variants(of: [id], in: db)[id] ?? [:])
        }
    }

    public func count() throws -> Int {
        try writer.read { db in try PhotoRecord.fetchCount(db) }
    }

    /// A page of photos, newest first by date taken then id, strictly after `cursor`.
    ///
    /// Keyset pagination: the `(takenAt, id)` index makes page 1 000 cost what page 1 costs, and rows inserted
    /// between two requests can neither shift an item into a page twice nor push one out unseen.
    public func page(after cursor: PageCursor?, limit: Int, filter: PhotoFilter = PhotoFilter()) throws -> Page {
        try writer.read { db in
            var request = filter.apply(to: PhotoRecord.all())
            let total = try request.fetchCount(db)
            request = request.order(Column("takenAt").desc, Column("id").desc).limit(limit + 1)
            if let cursor {
                request = request.filter(sql: "(takenAt, id) < (?, ?)", arguments: [cursor.takenAt, cursor.id])
            }
            var photos = try request.fetchAll(db)
            let hasMore = photos.count > limit
            if hasMore { photos.removeLast() }
            let variants = try Self.variants(of: photos.map(\.id), in: db)
            let items = photos.map { PhotoWithVariants(photo: $0, variants: variants[$0.id] ?? [:]) }
            let next = hasMore ? photos.last.map { PageCursor(takenAt: $0.takenAt, id: $0.id) } : nil
            return Page(items: items, nextCursor: next, total: total)
        }
    }

    public struct Page: Sendable {
        public var items: [PhotoWithVariants]
        public var nextCursor: PageCursor?
        public var total: Int
    }

    /// The variant stored under `blobKey`, for serving assets by content address.
    public func variant(blobKey: String) throws -> VariantRecord? {
        try writer.read { db in try VariantRecord.filter(Column("blobKey") == blobKey).fetchOne(db) }
    }

    /// A photo's variant of one kind, e.g. the JPEG thumb standing in for a WebP one.
    public func variant(photoId: String, kind: VariantKind) throws -> VariantRecord? {
        try writer.read { db in
            try VariantRecord.filter(Column("photoId") == photoId && Column("kind") == kind.rawValue).fetchOne(db)
        }
    }

    /// Every blob the catalog points at (to tell orphans from live blobs).
    public func referencedBlobKeys() throws -> Set<String> {
        try writer.read { db in
            Set(try String.fetchAll(db, sql: "SELECT blobKey FROM variant UNION SELECT blobKey FROM sizedVariant"))
        }
    }

    /// SQLite's plan for the paging query, so tests can prove it walks the index instead of scanning.
    public func pagePlan() throws -> String {
        try writer.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "EXPLAIN QUERY PLAN SELECT * FROM photo WHERE (takenAt, id) < (?, ?) ORDER BY takenAt DESC, id DESC LIMIT 21",
                arguments: [0, "a"]
            ).map { $0["detail"] as String? ?? "" }.joined(separator: "\n")
        }
    }

    static func variants(of ids: [String], in db: Database) throws -> [String: [VariantKind: VariantRecord]] {
        guard !ids.isEmpty else { return [:] }
        var result: [String: [VariantKind: VariantRecord]] = [:]
        for variant in try VariantRecord.filter(ids.contains(Column("photoId"))).fetchAll(db) {
            result[variant.photoId, default: [:]][variant.kind] = variant
        }
        return result
    }
}
