import Catalog
import PostgresNIO

extension PostgresCatalog: PhotoWriting {
    /// Inserts a photo and its variants in one transaction: either all rows exist or none do.
    ///
    /// The same transaction gives the photo its compat identity, announces it on the live feed and drops
    /// `leaseOwner`'s blob leases, which the variant rows now replace as the blobs' protection.
    public func insert(
        _ photo: PhotoRecord, variants: [VariantRecord], tags: [String], leaseOwner: String?, jobs: [JobRequest],
        now: Int64
    ) async throws {
        try JobLimits.check(jobs)
        try await transaction { connection in
            let logger = self.logger
            try await Self.lockFeed(on: connection, logger: logger)
            let entry = (photo: photo, variants: variants, tags: PhotoTags.normalized(tags))
            let inserted = try await Self.insertRows([entry], skippingDuplicates: true, on: connection, logger: logger)
            guard !inserted.isEmpty else {
                let existing = try await connection.query(
                    "SELECT id FROM photo WHERE content_hash = \(photo.contentHash)", logger: logger
                ).collect { try $0.decode(String.self) }.first
                throw CatalogError.duplicate(existingID: existing ?? "")
            }
            try await Self.recordChange(
                .insert, photoId: photo.id, takenAt: photo.takenAt, on: connection, logger: logger)
            if let leaseOwner { try await Self.releaseLeases(owner: leaseOwner, on: connection, logger: logger) }
            _ = try await Self.enqueue(jobs, now: now, on: connection, logger: logger)
        }
    }

    /// Inserts many photos at once, without feed entries (fixtures and migrations): one transaction, written
    /// in multi-row statements of `insertBatchSize` photos.
    public func insertMany(_ photos: [(photo: PhotoRecord, variants: [VariantRecord], tags: [String])]) async throws {
        guard !photos.isEmpty else { return }
        let entries = photos.map { (photo: $0.photo, variants: $0.variants, tags: PhotoTags.normalized($0.tags)) }
        try await transaction { connection in
            try await Self.lockFeed(on: connection, logger: self.logger)
            var start = 0
            while start < entries.count {
                let end = min(start + Self.insertBatchSize, entries.count)
                _ = try await Self.insertRows(
                    Array(entries[start..<end]), skippingDuplicates: false, on: connection, logger: self.logger)
                start = end
            }
        }
    }

    /// Photos per multi-row statement: 1 000 photos bind 28 000 values (PostgreSQL takes 65 535 at most).
    static let insertBatchSize = 1000

    /// Drops an owner's blob leases; call in the transaction that recorded the blobs.
    static func releaseLeases(owner: String, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("DELETE FROM blob_lease WHERE owner = \(owner)", logger: logger)
    }

    /// Inserts photos with their search vectors, variants, tags and compat identities, in a few statements.
    /// With `skippingDuplicates`, a photo whose content hash exists is left out (with its variants and tags)
    /// instead of failing the transaction. Returns the ids inserted.
    static func insertRows(
        _ entries: [(photo: PhotoRecord, variants: [VariantRecord], tags: [String])], skippingDuplicates: Bool,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> Set<String> {
        var query = QueryBuilder(
            "INSERT INTO photo (\(photoInsertColumns.map(\.name).joined(separator: ", ")), search) VALUES ")
        for (index, entry) in entries.enumerated() {
            let document = searchDocument(entry.photo, tags: entry.tags)
            if index > 0 { query.append(", ") }
            appendValues(of: entry.photo, to: &query)
            query.append(
                ", vitrine_search_vector(\(query.bind(document.words))::text[], \(query.bind(document.weights))::text[]))"
            )
        }
        query.append(skippingDuplicates ? " ON CONFLICT (content_hash) DO NOTHING RETURNING id" : " RETURNING id")
        let inserted = Set(
            try await connection.query(query.query, logger: logger).collect { try $0.decode(String.self) })
        guard !inserted.isEmpty else { return inserted }
        let kept = entries.filter { inserted.contains($0.photo.id) }

        let variants = kept.flatMap(\.variants)
        if !variants.isEmpty {
            try await connection.query(
                """
                INSERT INTO variant (photo_id, kind, blob_key, mime_type, width, height, byte_size)
                SELECT * FROM unnest(\(variants.map(\.photoId))::text[], \(variants.map(\.kind.rawValue))::text[],
                    \(variants.map(\.blobKey.hex))::text[], \(variants.map(\.mimeType))::text[],
                    \(variants.map { Int64($0.width) })::bigint[], \(variants.map { Int64($0.height) })::bigint[],
                    \(variants.map(\.byteSize))::bigint[])
                """, logger: logger)
        }
        try await attach(kept.map { ($0.photo.id, $0.tags) }, on: connection, logger: logger)
        try await assignCompatIdentities(kept.map(\.photo.id), on: connection, logger: logger)
        return inserted
    }

    /// Gives new photos their compat rows: numbers in insertion order, and the object id derived from the
    /// photo id as `SQLiteCatalog.assignCompatIdentity` derives it (the next salt on the rare collision).
    static func assignCompatIdentities(
        _ photoIds: [String], on connection: PostgresConnection, logger: Logger
    ) async throws {
        var pending = photoIds
        var salt = 0
        while !pending.isEmpty {
            let objectIds = pending.map { ObjectID.derive(from: $0, salt: salt) }
            let done = try await connection.query(
                """
                INSERT INTO photo_compat (photo_id, object_id)
                SELECT photo_id, object_id FROM unnest(\(pending)::text[], \(objectIds)::text[])
                    WITH ORDINALITY AS new(photo_id, object_id, n)
                ORDER BY n ON CONFLICT DO NOTHING RETURNING photo_id
                """, logger: logger
            ).collect { try $0.decode(String.self) }
            let assigned = Set(done)
            pending = pending.filter { !assigned.contains($0) }
            guard !pending.isEmpty else { return }
            // Left over: a photo that already had its row, or an object id taken; only the latter retries.
            let existing = Set(
                try await connection.query(
                    "SELECT photo_id FROM photo_compat WHERE photo_id = ANY(\(pending)::text[])", logger: logger
                ).collect { try $0.decode(String.self) })
            pending = pending.filter { !existing.contains($0) }
            salt += 1
        }
    }
}
