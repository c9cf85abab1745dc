import Catalog
import VitrineCore

extension PostgresCatalog {
    /// Migration v2: `photo_month` (photos per `UTCMonth.index`) and `tag_month` (a tag's photos per month),
    /// filled from the photos already there and kept by statement triggers (one grouped upsert per statement,
    /// however many photos `insertMany` writes) on insert, delete and a change of `taken_at`.
    ///
    /// A link carries its photo's `taken_at`, as SQLite's does: a photo's links are deleted after the photo
    /// (ON DELETE CASCADE), so the month a link leaves must be on the link. Writers give it (`attach`); a
    /// trigger fills it for one that does not. A month that empties keeps its row at 0 (readers skip it).
    static let monthCountsMigration = Migration(
        name: "v2-month-counts",
        statements: [
            "ALTER TABLE photo_tag ADD COLUMN taken_at bigint",
            "UPDATE photo_tag SET taken_at = photo.taken_at FROM photo WHERE photo.id = photo_tag.photo_id",
            "ALTER TABLE photo_tag ALTER COLUMN taken_at SET NOT NULL",
            """
            CREATE FUNCTION vitrine_link_taken_at() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                NEW.taken_at := (SELECT taken_at FROM photo WHERE id = NEW.photo_id);
                RETURN NEW;
            END
            $$
            """,
            """
            CREATE TRIGGER photo_tag_taken_at BEFORE INSERT ON photo_tag FOR EACH ROW
            WHEN (NEW.taken_at IS NULL) EXECUTE FUNCTION vitrine_link_taken_at()
            """,
            "CREATE TABLE photo_month (month bigint PRIMARY KEY, n bigint NOT NULL)",
            """
            INSERT INTO photo_month (month, n)
            SELECT month, count(*) FROM (\(MonthCountSQL.months("SELECT taken_at AS ms FROM photo"))) AS m GROUP BY month
            """,
            """
            CREATE TABLE tag_month (
                tag_id bigint NOT NULL REFERENCES tag (id) ON DELETE CASCADE,
                month bigint NOT NULL,
                n bigint NOT NULL,
                PRIMARY KEY (tag_id, month)
            )
            """,
            """
            INSERT INTO tag_month (tag_id, month, n)
            SELECT tag_id, month, count(*) FROM (\(MonthCountSQL.months("SELECT tag_id, taken_at AS ms FROM photo_tag", "tag_id")))
                AS m GROUP BY tag_id, month
            """,
            """
            CREATE FUNCTION vitrine_count_photo_months() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    \(MonthCountSQL.add("SELECT taken_at AS ms FROM new_photos"))
                ELSIF TG_OP = 'DELETE' THEN
                    \(MonthCountSQL.remove("SELECT taken_at AS ms FROM old_photos"))
                ELSE
                    \(MonthCountSQL.remove(MonthCountSQL.moved("o")))
                    \(MonthCountSQL.add(MonthCountSQL.moved("n")))
                    UPDATE photo_tag SET taken_at = n.taken_at
                    FROM new_photos AS n JOIN old_photos AS o ON o.id = n.id
                    WHERE photo_tag.photo_id = n.id AND o.taken_at <> n.taken_at;
                END IF;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE FUNCTION vitrine_count_tag_months() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    \(MonthCountSQL.addTags("SELECT tag_id, taken_at AS ms FROM new_links"))
                ELSIF TG_OP = 'DELETE' THEN
                    \(MonthCountSQL.removeTags("SELECT tag_id, taken_at AS ms FROM old_links"))
                ELSE
                    \(MonthCountSQL.removeTags(MonthCountSQL.movedLinks("o")))
                    \(MonthCountSQL.addTags(MonthCountSQL.movedLinks("n")))
                END IF;
                RETURN NULL;
            END
            $$
            """,
        ]
            + MonthCountSQL.triggers(
                "photo_months", on: "photo", rows: "photos", function: "vitrine_count_photo_months")
            + MonthCountSQL.triggers("tag_months", on: "photo_tag", rows: "links", function: "vitrine_count_tag_months")
    )
}

/// The SQL of migration v2's triggers: grouped upserts of the months a statement's rows enter or leave.
enum MonthCountSQL {
    /// Statement triggers running `function` after an insert, a delete and an update of `table`, which sees
    /// the statement's rows as `new_<rows>` and `old_<rows>`.
    static func triggers(_ name: String, on table: String, rows: String, function: String) -> [String] {
        [
            ("insert", "INSERT", "NEW TABLE AS new_\(rows)"), ("delete", "DELETE", "OLD TABLE AS old_\(rows)"),
            ("update", "UPDATE", "OLD TABLE AS old_\(rows) NEW TABLE AS new_\(rows)"),
        ].map { suffix, event, tables in
            """
            CREATE TRIGGER \(name)_on_\(suffix) AFTER \(event) ON \(table) REFERENCING \(tables)
            FOR EACH STATEMENT EXECUTE FUNCTION \(function)()
            """
        }
    }

    /// The months of `source`'s `ms` column as a derived table (`UTCMonth.sql`).
    static func months(_ source: String, _ carried: String...) -> String {
        UTCMonth.sql(monthOf: source, carrying: carried)
    }

    /// The photos of an update whose `taken_at` changed, as they were (`o`) or are (`n`).
    static func moved(_ side: String) -> String {
        """
        SELECT \(side).taken_at AS ms FROM old_photos AS o JOIN new_photos AS n ON n.id = o.id
        WHERE o.taken_at <> n.taken_at
        """
    }

    /// The links of an update whose `taken_at` changed, as they were (`o`) or are (`n`).
    static func movedLinks(_ side: String) -> String {
        """
        SELECT \(side).tag_id, \(side).taken_at AS ms FROM old_links AS o JOIN new_links AS n
            ON n.photo_id = o.photo_id AND n.tag_id = o.tag_id
        WHERE o.taken_at <> n.taken_at
        """
    }

    static func add(_ source: String) -> String {
        """
        INSERT INTO photo_month AS kept (month, n)
        SELECT month, count(*) FROM (\(months(source))) AS m GROUP BY month
        ON CONFLICT (month) DO UPDATE SET n = kept.n + excluded.n;
        """
    }

    static func remove(_ source: String) -> String {
        """
        UPDATE photo_month AS kept SET n = kept.n - gone.n
        FROM (SELECT month, count(*) AS n FROM (\(months(source))) AS m GROUP BY month) AS gone
        WHERE kept.month = gone.month;
        """
    }

    static func addTags(_ source: String) -> String {
        """
        INSERT INTO tag_month AS kept (tag_id, month, n)
        SELECT tag_id, month, count(*) FROM (\(months(source, "tag_id"))) AS m GROUP BY tag_id, month
        ON CONFLICT (tag_id, month) DO UPDATE SET n = kept.n + excluded.n;
        """
    }

    static func removeTags(_ source: String) -> String {
        """
        UPDATE tag_month AS kept SET n = kept.n - gone.n
        FROM (SELECT tag_id, month, count(*) AS n FROM (\(months(source, "tag_id"))) AS m GROUP BY tag_id, month)
            AS gone
        WHERE kept.tag_id = gone.tag_id AND kept.month = gone.month;
        """
    }
}
