import Logging
import PostgresNIO

/// The schema, as an ordered list of named migrations. A migration that has shipped is never edited: a change
/// is a new migration appended to the list.
///
/// Text that orders pages or is compared byte for byte (ids, blob keys, digests) is `COLLATE "C"`, so a
/// database created with a natural-language collation (a managed server's default) pages and compares
/// exactly as SQLite does.
extension PostgresCatalog {
    struct Migration: Sendable {
        let name: String
        let statements: [String]
    }

    /// Identifies Vitrine's migration lock among the advisory locks other software may take on the database.
    static let migrationLockKey: Int64 = 0x5649_5452_494E_4531  // "VITRINE1"

    static let migrations: [Migration] = [
        Migration(
            name: "v1",
            statements: [
                // Folds diacritics for search ("cafe" finds "Café"); trusted, so a database owner may create it.
                "CREATE EXTENSION IF NOT EXISTS unaccent",
                """
                CREATE TABLE photo (
                    id text COLLATE "C" PRIMARY KEY,
                    content_hash text COLLATE "C" NOT NULL UNIQUE,
                    original_name text NOT NULL,
                    title text,
                    format text NOT NULL,
                    mime_type text NOT NULL,
                    byte_size bigint NOT NULL,
                    width integer NOT NULL,
                    height integer NOT NULL,
                    taken_at bigint NOT NULL,
                    taken_at_offset integer,
                    taken_at_source text NOT NULL,
                    camera_make text,
                    camera_model text,
                    lens text,
                    exposure_time double precision,
                    f_number double precision,
                    iso bigint,
                    focal_length double precision,
                    latitude double precision,
                    longitude double precision,
                    thumb_hash bytea NOT NULL,
                    average_color text NOT NULL,
                    imported_at bigint NOT NULL,
                    updated_at bigint NOT NULL,
                    colorfulness double precision,
                    -- Title, original name, tags and camera, unaccented and lower-cased; the catalog rewrites
                    -- it in the transaction that changes any of them.
                    search tsvector NOT NULL DEFAULT ''::tsvector
                )
                """,
                // Newest-first keyset paging walks this index.
                "CREATE INDEX photo_on_taken_at_id ON photo (taken_at DESC, id DESC)",
                "CREATE INDEX photo_on_search ON photo USING gin (search)",
                // How many photos there are, kept by statement triggers: counting a million rows for every page's
                // `total` would cost more than the page.
                "CREATE TABLE photo_count (single boolean PRIMARY KEY DEFAULT true CHECK (single), n bigint NOT NULL)",
                "INSERT INTO photo_count (n) VALUES (0)",
                """
                CREATE FUNCTION vitrine_count_photos() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF TG_OP = 'INSERT' THEN
                        UPDATE photo_count SET n = n + (SELECT count(*) FROM inserted_photos);
                    ELSE
                        UPDATE photo_count SET n = n - (SELECT count(*) FROM deleted_photos);
                    END IF;
                    RETURN NULL;
                END
                $$
                """,
                """
                CREATE TRIGGER photo_counted_on_insert AFTER INSERT ON photo REFERENCING NEW TABLE AS inserted_photos
                FOR EACH STATEMENT EXECUTE FUNCTION vitrine_count_photos()
                """,
                """
                CREATE TRIGGER photo_counted_on_delete AFTER DELETE ON photo REFERENCING OLD TABLE AS deleted_photos
                FOR EACH STATEMENT EXECUTE FUNCTION vitrine_count_photos()
                """,
                // The search vector of a document given as words (split by `SearchTerms`, lower-cased) with one
                // weight letter each, A to D; word n gets position n. The lexemes are folded here (unaccent, then
                // lower for what unaccent made upper-case) and quoted, so no word is ever tsvector syntax.
                #"""
                CREATE FUNCTION vitrine_search_vector(words text[], weights text[]) RETURNS tsvector
                LANGUAGE sql STABLE PARALLEL SAFE AS $$
                    SELECT coalesce(string_agg(
                        '''' || replace(replace(f.lexeme, '\', '\\'), '''', '''''') || ''':'
                            || least(f.n, 16383) || f.weight, ' '), '')::tsvector
                    FROM (SELECT lower(unaccent(u.word)) AS lexeme, u.weight, u.n
                          FROM unnest(words, weights) WITH ORDINALITY AS u(word, weight, n)) AS f
                    WHERE f.lexeme <> ''
                $$
                """#,
                // The query for words a person typed, folded like documents: every word as a prefix, all
                // required, or any of them (for ranking).
                #"""
                CREATE FUNCTION vitrine_search_query(words text[], any_word boolean) RETURNS tsquery
                LANGUAGE sql STABLE PARALLEL SAFE AS $$
                    SELECT coalesce(string_agg(
                        '''' || replace(replace(f.lexeme, '\', '\\'), '''', '''''') || ''':*',
                        CASE WHEN any_word THEN ' | ' ELSE ' & ' END), '')::tsquery
                    FROM (SELECT lower(unaccent(w)) AS lexeme FROM unnest(words) AS w) AS f
                    WHERE f.lexeme <> ''
                $$
                """#,
                """
                CREATE TABLE variant (
                    photo_id text COLLATE "C" NOT NULL REFERENCES photo (id) ON DELETE CASCADE,
                    kind text COLLATE "C" NOT NULL,
                    blob_key text COLLATE "C" NOT NULL,
                    mime_type text NOT NULL,
                    width integer NOT NULL,
                    height integer NOT NULL,
                    byte_size bigint NOT NULL,
                    PRIMARY KEY (photo_id, kind)
                )
                """,
                "CREATE INDEX variant_on_blob_key ON variant (blob_key)",
                """
                CREATE TABLE tag (
                    id bigserial PRIMARY KEY,
                    name text COLLATE "C" NOT NULL
                )
                """,
                // Names are unique ignoring ASCII case, as SQLite's NOCASE.
                "CREATE UNIQUE INDEX tag_on_lower_name ON tag (lower(name))",
                """
                CREATE TABLE photo_tag (
                    photo_id text COLLATE "C" NOT NULL REFERENCES photo (id) ON DELETE CASCADE,
                    tag_id bigint NOT NULL REFERENCES tag (id) ON DELETE CASCADE,
                    PRIMARY KEY (photo_id, tag_id)
                )
                """,
                "CREATE INDEX photo_tag_on_tag_id ON photo_tag (tag_id, photo_id)",
                // The live feed: one row per insert, update or delete, written in the transaction that made the
                // change. Writers append under a transaction-scoped advisory lock, so rows commit in `seq` order
                // and a reader resuming from a sequence number never skips one committed late.
                """
                CREATE TABLE change_event (
                    seq bigserial PRIMARY KEY,
                    kind text NOT NULL,
                    photo_id text COLLATE "C" NOT NULL,
                    sort_taken_at bigint NOT NULL,
                    at bigint NOT NULL
                )
                """,
                // The stable integer Pixabay clients see as `id` (a sequence: never reused), the Parse
                // `objectId`, and the view and download counters.
                """
                CREATE TABLE photo_compat (
                    number bigserial PRIMARY KEY,
                    photo_id text COLLATE "C" NOT NULL UNIQUE REFERENCES photo (id) ON DELETE CASCADE,
                    object_id text COLLATE "C" NOT NULL UNIQUE,
                    views bigint NOT NULL DEFAULT 0,
                    downloads bigint NOT NULL DEFAULT 0
                )
                """,
                // Sizes made on demand from the original (Pixabay's 150, 640 and 1280 px long edges).
                """
                CREATE TABLE sized_variant (
                    photo_id text COLLATE "C" NOT NULL REFERENCES photo (id) ON DELETE CASCADE,
                    edge integer NOT NULL,
                    blob_key text COLLATE "C" NOT NULL,
                    mime_type text NOT NULL,
                    width integer NOT NULL,
                    height integer NOT NULL,
                    byte_size bigint NOT NULL,
                    PRIMARY KEY (photo_id, edge)
                )
                """,
                "CREATE INDEX sized_variant_on_blob_key ON sized_variant (blob_key)",
                // Blobs an import is writing but has not catalogued yet; garbage collection leaves them alone.
                """
                CREATE TABLE blob_lease (
                    blob_key text COLLATE "C" NOT NULL,
                    owner text COLLATE "C" NOT NULL,
                    expires_at bigint NOT NULL,
                    holder text,
                    PRIMARY KEY (blob_key, owner)
                )
                """,
                "CREATE INDEX blob_lease_on_owner ON blob_lease (owner)",
                // Keys a garbage collection is deleting; leases of those keys wait until they are gone.
                """
                CREATE TABLE blob_collection (
                    blob_key text COLLATE "C" PRIMARY KEY,
                    collector text NOT NULL,
                    holder text,
                    expires_at bigint NOT NULL
                )
                """,
                // Replaced variants kept for old URLs until collected.
                "CREATE TABLE retired_blob (blob_key text COLLATE \"C\" PRIMARY KEY)",
                // API keys for the Pixabay-compatible endpoint, stored as digests.
                """
                CREATE TABLE api_key (
                    id bigserial PRIMARY KEY,
                    digest text COLLATE "C" NOT NULL UNIQUE,
                    hint text NOT NULL,
                    label text NOT NULL,
                    created_at bigint NOT NULL,
                    revoked_at bigint
                )
                """,
                // Sign-in sessions, each stored as the digest of its random id, tied to the token it was made with.
                """
                CREATE TABLE session (
                    digest text COLLATE "C" PRIMARY KEY,
                    token_digest text COLLATE "C" NOT NULL,
                    created_at bigint NOT NULL,
                    expires_at bigint NOT NULL
                )
                """,
                "CREATE INDEX session_on_expires_at ON session (expires_at)",
                // Settings every server shares (the admin token's digest).
                "CREATE TABLE setting (name text COLLATE \"C\" PRIMARY KEY, value text NOT NULL)",
                // Failed-credential windows per client address, and the stale cookies already counted in them.
                """
                CREATE TABLE throttle_window (
                    key text COLLATE "C" PRIMARY KEY,
                    start bigint NOT NULL,
                    failures bigint NOT NULL
                )
                """,
                """
                CREATE TABLE throttle_repeat (
                    key text COLLATE "C" NOT NULL,
                    repeat_key text COLLATE "C" NOT NULL,
                    start bigint NOT NULL,
                    PRIMARY KEY (key, repeat_key)
                )
                """,
                // Pruning ended windows and their repeats walks these.
                "CREATE INDEX throttle_window_on_start ON throttle_window (start)",
                "CREATE INDEX throttle_repeat_on_start ON throttle_repeat (start)",
            ]),
        monthCountsMigration,
        tagDatesMigration,
        trashMigration,
        setsMigration,
        linksMigration,
        linkUploadsMigration,
        jobsMigration,
        photoStatusMigration,
        mediaKindMigration,
        livePartsMigration,
        albumMembersMigration,
    ]

    /// An album's members without foreign keys: each key check locked its photo's row (a write to its heap
    /// page), half of what adding a 100 000-photo range cost. Every writer holds the feed lock
    /// (`lockFeed`), so the writers keep them instead: a range is selected from the photos and added with
    /// the album checked under that lock, and deleting a photo or an album deletes its members first.
    static let albumMembersMigration = Migration(
        name: "v12-album-members-kept-by-writers",
        statements: [
            "ALTER TABLE album_photo DROP CONSTRAINT album_photo_album_id_fkey",
            "ALTER TABLE album_photo DROP CONSTRAINT album_photo_photo_id_fkey",
        ])

    /// The Live Photo parts waiting for, or paired with, their other half. A part leaves with its photo.
    static let livePartsMigration = Migration(
        name: "v11-live-parts",
        statements: [
            """
            CREATE TABLE live_part (
                photo_id text COLLATE "C" PRIMARY KEY REFERENCES photo(id) ON DELETE CASCADE,
                identifier text COLLATE "C" NOT NULL,
                part text NOT NULL
            )
            """,
            "CREATE INDEX live_part_on_identifier ON live_part (identifier, part, photo_id)",
        ])

    /// Video clips beside photos: every item before this was a photo.
    static let mediaKindMigration = Migration(
        name: "v10-media-kind",
        statements: [
            "ALTER TABLE photo ADD COLUMN kind text NOT NULL DEFAULT 'photo'",
            "ALTER TABLE photo ADD COLUMN duration double precision",
        ])

    /// Uploads recorded before their render; every photo before this was rendered first. Only the photos
    /// that are not ready are indexed: the few a worker still owes.
    static let photoStatusMigration = Migration(
        name: "v9-photo-status",
        statements: [
            "ALTER TABLE photo ADD COLUMN status text NOT NULL DEFAULT 'ready'",
            "CREATE INDEX photo_unready ON photo (status, imported_at) WHERE status <> 'ready'",
        ])

    /// Upload-only links ("file drops"), and which link each visitor's upload came through: a log with no
    /// foreign keys, so it outlives the link, the photo's trash and its purge.
    static let linkUploadsMigration = Migration(
        name: "v7-link-uploads",
        statements: [
            "ALTER TABLE link ADD COLUMN shows_photos boolean NOT NULL DEFAULT true",
            """
            CREATE TABLE link_upload (
                slug text COLLATE "C" NOT NULL,
                photo_id text COLLATE "C" NOT NULL,
                uploaded_at bigint NOT NULL,
                PRIMARY KEY (slug, photo_id)
            )
            """,
            "CREATE INDEX link_upload_on_photo_id ON link_upload (photo_id)",
        ])

    /// Share links: each opens an album, or a set of photos of its own kept as an album's are.
    static let linksMigration = Migration(
        name: "v6-links",
        statements: [
            """
            CREATE TABLE link (
                slug text COLLATE "C" PRIMARY KEY,
                album_id text COLLATE "C" REFERENCES album (id) ON DELETE CASCADE,
                title text NOT NULL DEFAULT '',
                created_at bigint NOT NULL,
                expires_at bigint,
                password_hash text,
                allows_download boolean NOT NULL,
                allows_upload boolean NOT NULL,
                shows_location boolean NOT NULL,
                views bigint NOT NULL DEFAULT 0,
                last_viewed_at bigint,
                photo_count bigint NOT NULL DEFAULT 0
            )
            """,
            "CREATE INDEX link_on_album_id ON link (album_id)",
            """
            CREATE TABLE link_photo (
                slug text COLLATE "C" NOT NULL REFERENCES link (slug) ON DELETE CASCADE,
                photo_id text COLLATE "C" NOT NULL REFERENCES photo (id) ON DELETE CASCADE,
                taken_at bigint NOT NULL,
                PRIMARY KEY (slug, photo_id)
            )
            """,
            "CREATE INDEX link_photo_on_slug_taken_at ON link_photo (slug, taken_at DESC, photo_id DESC)",
            "CREATE INDEX link_photo_on_photo_id ON link_photo (photo_id)",
            """
            CREATE FUNCTION vitrine_count_link_photos() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    UPDATE link SET photo_count = link.photo_count + c.n
                    FROM (SELECT slug, count(*) AS n FROM added GROUP BY slug) AS c WHERE link.slug = c.slug;
                ELSE
                    UPDATE link SET photo_count = link.photo_count - c.n
                    FROM (SELECT slug, count(*) AS n FROM removed GROUP BY slug) AS c WHERE link.slug = c.slug;
                END IF;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER link_photo_counted_on_insert AFTER INSERT ON link_photo REFERENCING NEW TABLE AS added
            FOR EACH STATEMENT EXECUTE FUNCTION vitrine_count_link_photos()
            """,
            """
            CREATE TRIGGER link_photo_counted_on_delete AFTER DELETE ON link_photo REFERENCING OLD TABLE AS removed
            FOR EACH STATEMENT EXECUTE FUNCTION vitrine_count_link_photos()
            """,
        ])

    /// Albums and favourites: each a set of photos kept with their `taken_at`, so a set's page walks its own
    /// date index, and its count kept by statement triggers, so a page's total is one row.
    static let setsMigration = Migration(
        name: "v5-albums-and-favorites",
        statements: [
            """
            CREATE TABLE album (
                id text COLLATE "C" PRIMARY KEY,
                title text NOT NULL,
                description text NOT NULL DEFAULT '',
                cover_photo_id text COLLATE "C",
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL,
                photo_count bigint NOT NULL DEFAULT 0
            )
            """,
            """
            CREATE TABLE album_photo (
                album_id text COLLATE "C" NOT NULL REFERENCES album (id) ON DELETE CASCADE,
                photo_id text COLLATE "C" NOT NULL REFERENCES photo (id) ON DELETE CASCADE,
                taken_at bigint NOT NULL,
                PRIMARY KEY (album_id, photo_id)
            )
            """,
            "CREATE INDEX album_photo_on_album_id_taken_at ON album_photo (album_id, taken_at DESC, photo_id DESC)",
            "CREATE INDEX album_photo_on_photo_id ON album_photo (photo_id)",
            """
            CREATE TABLE favorite (
                photo_id text COLLATE "C" PRIMARY KEY REFERENCES photo (id) ON DELETE CASCADE,
                taken_at bigint NOT NULL
            )
            """,
            "CREATE INDEX favorite_on_taken_at ON favorite (taken_at DESC, photo_id DESC)",
            "CREATE TABLE favorite_count (single boolean PRIMARY KEY DEFAULT true CHECK (single), n bigint NOT NULL)",
            "INSERT INTO favorite_count (n) VALUES (0)",
            """
            CREATE FUNCTION vitrine_count_set_members() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_TABLE_NAME = 'favorite' THEN
                    IF TG_OP = 'INSERT' THEN
                        UPDATE favorite_count SET n = n + (SELECT count(*) FROM added);
                    ELSE
                        UPDATE favorite_count SET n = n - (SELECT count(*) FROM removed);
                    END IF;
                ELSIF TG_OP = 'INSERT' THEN
                    UPDATE album SET photo_count = album.photo_count + c.n
                    FROM (SELECT album_id, count(*) AS n FROM added GROUP BY album_id) AS c WHERE album.id = c.album_id;
                ELSE
                    UPDATE album SET photo_count = album.photo_count - c.n
                    FROM (SELECT album_id, count(*) AS n FROM removed GROUP BY album_id) AS c WHERE album.id = c.album_id;
                END IF;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER album_photo_counted_on_insert AFTER INSERT ON album_photo REFERENCING NEW TABLE AS added
            FOR EACH STATEMENT EXECUTE FUNCTION vitrine_count_set_members()
            """,
            """
            CREATE TRIGGER album_photo_counted_on_delete AFTER DELETE ON album_photo REFERENCING OLD TABLE AS removed
            FOR EACH STATEMENT EXECUTE FUNCTION vitrine_count_set_members()
            """,
            """
            CREATE TRIGGER favorite_counted_on_insert AFTER INSERT ON favorite REFERENCING NEW TABLE AS added
            FOR EACH STATEMENT EXECUTE FUNCTION vitrine_count_set_members()
            """,
            """
            CREATE TRIGGER favorite_counted_on_delete AFTER DELETE ON favorite REFERENCING OLD TABLE AS removed
            FOR EACH STATEMENT EXECUTE FUNCTION vitrine_count_set_members()
            """,
        ])

    /// The trash: each trashed photo as one document (`TrashedPhotoDocument`), and the blobs it keeps from
    /// garbage collection until it is purged.
    static let trashMigration = Migration(
        name: "v4-trash",
        statements: [
            """
            CREATE TABLE trashed_photo (
                id text COLLATE "C" PRIMARY KEY,
                content_hash text COLLATE "C" NOT NULL,
                trashed_at bigint NOT NULL,
                document text NOT NULL
            )
            """,
            "CREATE INDEX trashed_photo_on_trashed_at_id ON trashed_photo (trashed_at, id)",
            """
            CREATE TABLE trashed_blob (
                photo_id text COLLATE "C" NOT NULL REFERENCES trashed_photo (id) ON DELETE CASCADE,
                blob_key text COLLATE "C" NOT NULL,
                PRIMARY KEY (photo_id, blob_key)
            )
            """,
            "CREATE INDEX trashed_blob_on_blob_key ON trashed_blob (blob_key)",
        ])

    /// Brings the schema up to date, in one transaction holding an advisory lock: servers that start together
    /// on an empty database queue here, and each later one finds the work done.
    ///
    /// Without the request's `statement_timeout` (`SET LOCAL`, this transaction only): a migration over a
    /// large library (v3 indexes every tag link, seconds at a million photos) and the wait for another
    /// server's migrations both take longer than a request may, and a cancelled migration would stop the
    /// server from starting at all.
    func migrate() async throws {
        try await transaction { connection in
            try await connection.query("SET LOCAL statement_timeout = 0", logger: self.logger)
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(Self.migrationLockKey))", logger: self.logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS schema_migration (
                    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                """, logger: self.logger)
            var applied = Set<String>()
            for try await name in try await connection.query(
                "SELECT name FROM schema_migration", logger: self.logger
            ).decode(String.self) {
                applied.insert(name)
            }
            for migration in Self.migrations where !applied.contains(migration.name) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: self.logger)
                }
                try await connection.query(
                    "INSERT INTO schema_migration (name) VALUES (\(migration.name))", logger: self.logger)
                self.logger.info("catalog migrated", metadata: ["migration": "\(migration.name)"])
            }
        }
    }
}
