import Catalog
import GRDB

extension SQLiteCatalog {
    /// The schema's history. A shipped migration is never edited: add a new one instead.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "photo") { t in
                t.primaryKey("id", .text)
                t.column("contentHash", .text).notNull().unique()
                t.column("originalName", .text).notNull()
                t.column("title", .text)
                t.column("format", .text).notNull()
                t.column("mimeType", .text).notNull()
                t.column("byteSize", .integer).notNull()
                t.column("width", .integer).notNull()
                t.column("height", .integer).notNull()
                t.column("takenAt", .integer).notNull()
                t.column("takenAtOffset", .integer)
                t.column("takenAtSource", .text).notNull()
                t.column("cameraMake", .text)
                t.column("cameraModel", .text)
                t.column("lens", .text)
                t.column("exposureTime", .double)
                t.column("fNumber", .double)
                t.column("iso", .integer)
                t.column("focalLength", .double)
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("thumbHash", .blob).notNull()
                t.column("averageColor", .text).notNull()
                t.column("importedAt", .integer).notNull()
                t.column("updatedAt", .integer).notNull()
            }
            // Newest-first keyset paging reads this index backwards.
            try db.create(index: "photo_on_takenAt_id", on: "photo", columns: ["takenAt", "id"])

            try db.create(table: "variant") { t in
                t.column("photoId", .text).notNull().references("photo", onDelete: .cascade)
                t.column("kind", .text).notNull()
                t.column("blobKey", .text).notNull()
                t.column("mimeType", .text).notNull()
                t.column("width", .integer).notNull()
                t.column("height", .integer).notNull()
                t.column("byteSize", .integer).notNull()
                t.primaryKey(["photoId", "kind"])
            }
            try db.create(index: "variant_on_blobKey", on: "variant", columns: ["blobKey"])
        }
        migrator.registerMigration("v2-tags-and-search") { db in
            try db.create(table: "tag") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique().collate(.nocase)
            }
            try db.create(table: "photoTag", options: [.withoutRowID]) { t in
                t.column("photoId", .text).notNull().references("photo", onDelete: .cascade)
                t.column("tagId", .integer).notNull().references("tag", onDelete: .cascade)
                t.primaryKey(["photoId", "tagId"])
            }
            try db.create(index: "photoTag_on_tagId", on: "photoTag", columns: ["tagId", "photoId"])
            // Full-text over what a person remembers of a photo; diacritics folded, so "cafe" finds "Café".
            // Each row's rowid is its photo's rowid.
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE photoSearch USING fts5(
                        title, originalName, tags, camera, tokenize = 'unicode61 remove_diacritics 2')
                    """)
            for id in try String.fetchAll(db, sql: "SELECT id FROM photo") {
                try SQLiteCatalog.refreshSearchRow(photoId: id, in: db)
            }
        }
        migrator.registerMigration("v3-change-events") { db in
            // The live feed: one row per insert, update or delete, written in the transaction that made the change,
            // so a client resuming from a sequence number misses nothing, across restarts and other processes.
            try db.create(table: "changeEvent") { t in
                t.autoIncrementedPrimaryKey("seq")
                t.column("kind", .text).notNull()
                t.column("photoId", .text).notNull()
                t.column("sortTakenAt", .integer).notNull()
                t.column("at", .integer).notNull()
            }
            // Blobs an import is writing but has not catalogued yet; garbage collection leaves them alone.
            try db.create(table: "blobLease") { t in
                t.column("blobKey", .text).notNull()
                t.column("owner", .text).notNull()
                t.column("expiresAt", .integer).notNull()
                t.primaryKey(["blobKey", "owner"])
            }
        }
        migrator.registerMigration("v4-compat", migrate: migrateCompat)
        // The small thumb became a JPEG (`thumb-small`). The WebP ones stop being variants; their blobs
        // wait in `retiredBlob` until `SmallThumbBackfill` has made the JPEGs (clients holding the old
        // URLs keep loading them meanwhile) and collects them.
        migrator.registerMigration("v5-small-thumb-jpeg") { db in
            try db.create(table: "retiredBlob") { t in
                t.primaryKey("blobKey", .text)
            }
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO retiredBlob (blobKey)
                    SELECT blobKey FROM variant WHERE kind = 'thumb-small-webp'
                    """)
            try db.execute(sql: "DELETE FROM variant WHERE kind = 'thumb-small-webp'")
        }
        // Each lease names the process that holds it (a `LeaseHolder.record`), so a collection can drop
        // the leases of a killed process at once instead of waiting for them to expire.
        migrator.registerMigration("v6-lease-owner") { db in
            try db.alter(table: "blobLease") { t in t.add(column: "holder", .text) }
        }
        // Sign-in sessions: each a random id, stored only as its digest, tied to the token it was made with.
        migrator.registerMigration("v7-sessions") { db in
            try db.create(table: "session") { t in
                t.primaryKey("digest", .text)
                t.column("tokenDigest", .text).notNull()
                t.column("createdAt", .integer).notNull()
                t.column("expiresAt", .integer).notNull().indexed()
            }
        }
        // Keys a garbage collection is deleting, so imports wait for the deletion instead of relying on a
        // lock held across it (a remote store's deletes are network calls). See `PhotoCatalog+Collection`.
        migrator.registerMigration("v8-blob-collection") { db in
            try db.create(table: "blobCollection") { t in
                t.primaryKey("blobKey", .text)
                t.column("collector", .text).notNull()
                t.column("holder", .text)
                t.column("expiresAt", .integer).notNull()
            }
        }
        // What the servers of a cluster share besides photos: named settings (the admin token's digest)
        // and failed-credential windows per client address, with the repeats counted once per window.
        migrator.registerMigration("v9-shared-state") { db in
            try db.create(table: "setting") { t in
                t.primaryKey("name", .text)
                t.column("value", .text).notNull()
            }
            try db.create(table: "throttleWindow") { t in
                t.primaryKey("key", .text)
                t.column("start", .integer).notNull().indexed()
                t.column("failures", .integer).notNull()
            }
            try db.create(table: "throttleRepeat", options: [.withoutRowID]) { t in
                t.column("key", .text).notNull()
                t.column("repeatKey", .text).notNull()
                t.column("start", .integer).notNull().indexed()
                t.primaryKey(["key", "repeatKey"])
            }
        }
        // Counts kept by triggers, so a page's total is one row at any library size, and each tag's photos
        // in date order, so a tag's page walks an index as the unfiltered page does (without it, a tag on
        // most photos sorted them all for each page: a second at 100 000 photos).
        migrator.registerMigration("v10-counts-and-tag-order") { db in
            try db.execute(
                sql: """
                    CREATE TABLE photoCount (id INTEGER PRIMARY KEY CHECK (id = 0), count INTEGER NOT NULL);
                    INSERT INTO photoCount (id, count) VALUES (0, (SELECT COUNT(*) FROM photo));
                    CREATE TRIGGER photoCount_afterInsert AFTER INSERT ON photo BEGIN
                        UPDATE photoCount SET count = count + 1;
                    END;
                    CREATE TRIGGER photoCount_afterDelete AFTER DELETE ON photo BEGIN
                        UPDATE photoCount SET count = count - 1;
                    END;

                    ALTER TABLE tag ADD COLUMN photoCount INTEGER NOT NULL DEFAULT 0;
                    UPDATE tag SET photoCount = (SELECT COUNT(*) FROM photoTag WHERE tagId = tag.id);
                    ALTER TABLE photoTag ADD COLUMN takenAt INTEGER NOT NULL DEFAULT 0;
                    UPDATE photoTag SET takenAt = (SELECT takenAt FROM photo WHERE photo.id = photoTag.photoId);
                    CREATE INDEX photoTag_on_tagId_takenAt ON photoTag (tagId, takenAt, photoId);
                    CREATE TRIGGER photoTag_afterInsert AFTER INSERT ON photoTag BEGIN
                        UPDATE tag SET photoCount = photoCount + 1 WHERE id = NEW.tagId;
                        UPDATE photoTag SET takenAt = (SELECT takenAt FROM photo WHERE id = NEW.photoId)
                        WHERE photoId = NEW.photoId AND tagId = NEW.tagId;
                    END;
                    CREATE TRIGGER photoTag_afterDelete AFTER DELETE ON photoTag BEGIN
                        UPDATE tag SET photoCount = photoCount - 1 WHERE id = OLD.tagId;
                    END;
                    CREATE TRIGGER photoTag_followTakenAt AFTER UPDATE OF takenAt ON photo BEGIN
                        UPDATE photoTag SET takenAt = NEW.takenAt WHERE photoId = NEW.id;
                    END;
                    """)
        }
        // Photos per UTC month, for the whole catalog and per tag, kept by triggers so the timeline is a
        // few rows at any library size (`SQLiteCatalog+MonthMigration`).
        migrator.registerMigration("v11-month-counts", migrate: migrateMonthCounts)
        // The trash: each trashed photo as one document (`TrashedPhotoDocument`), and the blobs it keeps from
        // garbage collection until it is purged.
        migrator.registerMigration("v12-trash") { db in
            try db.execute(
                sql: """
                    CREATE TABLE trashedPhoto (
                        id TEXT PRIMARY KEY NOT NULL,
                        contentHash TEXT NOT NULL,
                        trashedAt INTEGER NOT NULL,
                        document TEXT NOT NULL
                    );
                    CREATE INDEX trashedPhoto_on_trashedAt_id ON trashedPhoto (trashedAt, id);
                    CREATE TABLE trashedBlob (
                        photoId TEXT NOT NULL REFERENCES trashedPhoto (id) ON DELETE CASCADE,
                        blobKey TEXT NOT NULL,
                        PRIMARY KEY (photoId, blobKey)
                    ) WITHOUT ROWID;
                    CREATE INDEX trashedBlob_on_blobKey ON trashedBlob (blobKey);
                    """)
        }
        // Albums and favourites: each a set of photos kept with their `takenAt`, so a set's page walks its own
        // date index as a tag's does, and its count kept by triggers, so a page's total is one row.
        migrator.registerMigration("v13-albums-and-favorites") { db in
            try db.execute(
                sql: """
                    CREATE TABLE album (
                        id TEXT PRIMARY KEY NOT NULL,
                        title TEXT NOT NULL,
                        description TEXT NOT NULL DEFAULT '',
                        coverPhotoId TEXT,
                        createdAt INTEGER NOT NULL,
                        updatedAt INTEGER NOT NULL,
                        photoCount INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE TABLE albumPhoto (
                        albumId TEXT NOT NULL REFERENCES album (id) ON DELETE CASCADE,
                        photoId TEXT NOT NULL REFERENCES photo (id) ON DELETE CASCADE,
                        takenAt INTEGER NOT NULL,
                        PRIMARY KEY (albumId, photoId)
                    ) WITHOUT ROWID;
                    CREATE INDEX albumPhoto_on_albumId_takenAt ON albumPhoto (albumId, takenAt, photoId);
                    CREATE INDEX albumPhoto_on_photoId ON albumPhoto (photoId);
                    CREATE TRIGGER albumPhoto_afterInsert AFTER INSERT ON albumPhoto BEGIN
                        UPDATE album SET photoCount = photoCount + 1 WHERE id = NEW.albumId;
                    END;
                    CREATE TRIGGER albumPhoto_afterDelete AFTER DELETE ON albumPhoto BEGIN
                        UPDATE album SET photoCount = photoCount - 1 WHERE id = OLD.albumId;
                    END;
                    CREATE TABLE favorite (
                        photoId TEXT PRIMARY KEY NOT NULL REFERENCES photo (id) ON DELETE CASCADE,
                        takenAt INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX favorite_on_takenAt ON favorite (takenAt, photoId);
                    CREATE TABLE favoriteCount (id INTEGER PRIMARY KEY CHECK (id = 0), count INTEGER NOT NULL);
                    INSERT INTO favoriteCount (id, count) VALUES (0, 0);
                    CREATE TRIGGER favorite_afterInsert AFTER INSERT ON favorite BEGIN
                        UPDATE favoriteCount SET count = count + 1;
                    END;
                    CREATE TRIGGER favorite_afterDelete AFTER DELETE ON favorite BEGIN
                        UPDATE favoriteCount SET count = count - 1;
                    END;
                    CREATE TRIGGER photoSets_followTakenAt AFTER UPDATE OF takenAt ON photo BEGIN
                        UPDATE albumPhoto SET takenAt = NEW.takenAt WHERE photoId = NEW.id;
                        UPDATE favorite SET takenAt = NEW.takenAt WHERE photoId = NEW.id;
                    END;
                    """)
        }
        // Share links: each opens an album, or a set of photos of its own kept as an album's are.
        migrator.registerMigration("v14-links") { db in
            try db.execute(
                sql: """
                    CREATE TABLE link (
                        slug TEXT PRIMARY KEY NOT NULL,
                        albumId TEXT REFERENCES album (id) ON DELETE CASCADE,
                        title TEXT NOT NULL DEFAULT '',
                        createdAt INTEGER NOT NULL,
                        expiresAt INTEGER,
                        passwordHash TEXT,
                        allowsDownload INTEGER NOT NULL,
                        allowsUpload INTEGER NOT NULL,
                        showsLocation INTEGER NOT NULL,
                        views INTEGER NOT NULL DEFAULT 0,
                        lastViewedAt INTEGER,
                        photoCount INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE INDEX link_on_albumId ON link (albumId);
                    CREATE TABLE linkPhoto (
                        slug TEXT NOT NULL REFERENCES link (slug) ON DELETE CASCADE,
                        photoId TEXT NOT NULL REFERENCES photo (id) ON DELETE CASCADE,
                        takenAt INTEGER NOT NULL,
                        PRIMARY KEY (slug, photoId)
                    ) WITHOUT ROWID;
                    CREATE INDEX linkPhoto_on_slug_takenAt ON linkPhoto (slug, takenAt, photoId);
                    CREATE INDEX linkPhoto_on_photoId ON linkPhoto (photoId);
                    CREATE TRIGGER linkPhoto_afterInsert AFTER INSERT ON linkPhoto BEGIN
                        UPDATE link SET photoCount = photoCount + 1 WHERE slug = NEW.slug;
                    END;
                    CREATE TRIGGER linkPhoto_afterDelete AFTER DELETE ON linkPhoto BEGIN
                        UPDATE link SET photoCount = photoCount - 1 WHERE slug = OLD.slug;
                    END;
                    CREATE TRIGGER linkPhoto_followTakenAt AFTER UPDATE OF takenAt ON photo BEGIN
                        UPDATE linkPhoto SET takenAt = NEW.takenAt WHERE photoId = NEW.id;
                    END;
                    """)
        }
        // Upload-only links ("file drops"), and which link each visitor's upload came through: a log with
        // no foreign keys, so it outlives the link, the photo's trash and its purge.
        migrator.registerMigration("v15-link-uploads") { db in
            try db.execute(
                sql: """
                    ALTER TABLE link ADD COLUMN showsPhotos INTEGER NOT NULL DEFAULT 1;
                    CREATE TABLE linkUpload (
                        slug TEXT NOT NULL,
                        photoId TEXT NOT NULL,
                        uploadedAt INTEGER NOT NULL,
                        PRIMARY KEY (slug, photoId)
                    ) WITHOUT ROWID;
                    CREATE INDEX linkUpload_on_photoId ON linkUpload (photoId);
                    """)
        }
        migrator.registerMigration("v16-jobs", migrate: migrateJobs)
        // Uploads recorded before their render; every photo before this was rendered first. Only the photos
        // that are not ready are indexed: the few a worker still owes.
        migrator.registerMigration("v17-photo-status") { db in
            try db.execute(
                sql: """
                    ALTER TABLE photo ADD COLUMN status TEXT NOT NULL DEFAULT 'ready';
                    CREATE INDEX photo_unready ON photo (status, importedAt) WHERE status <> 'ready';
                    """)
        }
        // Video clips beside photos: every item before this was a photo.
        migrator.registerMigration("v18-media-kind") { db in
            try db.execute(
                sql: """
                    ALTER TABLE photo ADD COLUMN kind TEXT NOT NULL DEFAULT 'photo';
                    ALTER TABLE photo ADD COLUMN duration REAL;
                    """)
        }
        // The Live Photo parts waiting for, or paired with, their other half. A part leaves with its photo.
        migrator.registerMigration("v19-live-parts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE livePart (
                        photoId TEXT PRIMARY KEY NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
                        identifier TEXT NOT NULL,
                        part TEXT NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX livePart_on_identifier ON livePart (identifier, part, photoId);
                    """)
        }
        return migrator
    }
}
