import Catalog
import GRDB

extension SQLiteCatalog {
    /// v4: what the Pixabay- and Parse-compatible APIs need, and the counters they report.
    static func migrateCompat(_ db: Database) throws {
        // For `colors=grayscale`: the average colour alone cannot tell a grey photo from a colourful one
        // whose colours average out, so imports measure the mean chroma. Older rows get an estimate below.
        try db.alter(table: "photo") { t in t.add(column: "colorfulness", .double) }

        // One row per photo: the stable integer Pixabay clients want as `id` (AUTOINCREMENT: never reused,
        // unlike a rowid), the 10-character Parse `objectId`, and the view and download counters.
        try db.create(table: "photoCompat") { t in
            t.column("number", .integer).primaryKey(autoincrement: true)
            t.column("photoId", .text).notNull().unique().references("photo", onDelete: .cascade)
            t.column("objectId", .text).notNull().unique()
            t.column("views", .integer).notNull().defaults(to: 0)
            t.column("downloads", .integer).notNull().defaults(to: 0)
        }

        // Sizes made on demand from the original (Pixabay's 150, 640 and 1280 px long edges).
        try db.create(table: "sizedVariant") { t in
            t.column("photoId", .text).notNull().references("photo", onDelete: .cascade)
            t.column("edge", .integer).notNull()
            t.column("blobKey", .text).notNull()
            t.column("mimeType", .text).notNull()
            t.column("width", .integer).notNull()
            t.column("height", .integer).notNull()
            t.column("byteSize", .integer).notNull()
            t.primaryKey(["photoId", "edge"])
        }
        try db.create(index: "sizedVariant_on_blobKey", on: "sizedVariant", columns: ["blobKey"])

        // API keys for the Pixabay-compatible endpoint. Only a digest is stored: the key is shown once.
        try db.create(table: "apiKey") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("digest", .text).notNull().unique()
            t.column("hint", .text).notNull()
            t.column("label", .text).notNull()
            t.column("createdAt", .integer).notNull()
            t.column("revokedAt", .integer)
        }

        for id in try String.fetchAll(db, sql: "SELECT id FROM photo ORDER BY importedAt, rowid") {
            try assignCompatIdentity(photoId: id, in: db)
        }
    }

    /// Gives a new photo its compat row (number, objectId) and, when the import did not measure it, an
    /// estimate of its colourfulness from the average colour. Call in the transaction that inserts the photo.
    static func assignCompatIdentity(photoId: String, in db: Database) throws {
        var salt = 0
        var objectId = ObjectID.derive(from: photoId, salt: salt)
        while try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM photoCompat WHERE objectId = ?)", arguments: [objectId]) ?? false
        {
            salt += 1
            objectId = ObjectID.derive(from: photoId, salt: salt)
        }
        try db.execute(
            sql: "INSERT OR IGNORE INTO photoCompat (photoId, objectId) VALUES (?, ?)", arguments: [photoId, objectId])
        if let color = try String.fetchOne(
            db, sql: "SELECT averageColor FROM photo WHERE id = ? AND colorfulness IS NULL", arguments: [photoId])
        {
            try db.execute(
                sql: "UPDATE photo SET colorfulness = ? WHERE id = ?",
                arguments: [Colorfulness.estimate(hexColor: color), photoId])
        }
    }
}
