import Catalog
import GRDB
import VitrineCore

extension SQLiteCatalog {
    /// Migration v11: `photoMonth` (photos per `UTCMonth.index`) and `tagMonth` (a tag's photos per month),
    /// filled from the photos already there and kept by triggers on insert, delete and a change of `takenAt`.
    ///
    /// A month that empties keeps its row at 0 (readers skip it); a tag's rows go with the tag. A link's month
    /// comes from its photo when it is made and from the link's own `takenAt` (v10 keeps it equal to the
    /// photo's) when it goes, because a photo's links are deleted after the photo itself.
    static func migrateMonthCounts(_ db: Database) throws {
        func month(of source: String) -> String { "(\(UTCMonth.sql(monthOf: source)))" }
        let newMonth = month(of: "SELECT NEW.takenAt AS ms")
        let oldMonth = month(of: "SELECT OLD.takenAt AS ms")
        try db.execute(
            sql: """
                CREATE TABLE photoMonth (month INTEGER PRIMARY KEY, count INTEGER NOT NULL);
                INSERT INTO photoMonth (month, count)
                    SELECT month, COUNT(*) FROM \(month(of: "SELECT takenAt AS ms FROM photo")) GROUP BY month;
                CREATE TABLE tagMonth (
                    tagId INTEGER NOT NULL REFERENCES tag (id) ON DELETE CASCADE,
                    month INTEGER NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (tagId, month)
                ) WITHOUT ROWID;
                INSERT INTO tagMonth (tagId, month, count)
                    SELECT tagId, month, COUNT(*) FROM (\(UTCMonth.sql(
                        monthOf: """
                            SELECT photoTag.tagId AS tagId, photo.takenAt AS ms
                            FROM photoTag JOIN photo ON photo.id = photoTag.photoId
                            """, carrying: ["tagId"])))
                    GROUP BY tagId, month;

                CREATE TRIGGER photoMonth_afterInsert AFTER INSERT ON photo BEGIN
                    INSERT INTO photoMonth (month, count) SELECT month, 1 FROM \(newMonth) WHERE true
                    ON CONFLICT (month) DO UPDATE SET count = count + 1;
                END;
                CREATE TRIGGER photoMonth_afterDelete AFTER DELETE ON photo BEGIN
                    UPDATE photoMonth SET count = count - 1 WHERE month = \(oldMonth);
                END;
                CREATE TRIGGER photoMonth_followTakenAt AFTER UPDATE OF takenAt ON photo
                WHEN OLD.takenAt <> NEW.takenAt BEGIN
                    UPDATE photoMonth SET count = count - 1 WHERE month = \(oldMonth);
                    INSERT INTO photoMonth (month, count) SELECT month, 1 FROM \(newMonth) WHERE true
                    ON CONFLICT (month) DO UPDATE SET count = count + 1;
                    UPDATE tagMonth SET count = count - 1
                    WHERE month = \(oldMonth) AND tagId IN (SELECT tagId FROM photoTag WHERE photoId = NEW.id);
                    INSERT INTO tagMonth (tagId, month, count)
                    SELECT photoTag.tagId, moved.month, 1 FROM photoTag, \(newMonth) AS moved
                    WHERE photoTag.photoId = NEW.id
                    ON CONFLICT (tagId, month) DO UPDATE SET count = count + 1;
                END;
                CREATE TRIGGER tagMonth_afterInsert AFTER INSERT ON photoTag BEGIN
                    INSERT INTO tagMonth (tagId, month, count)
                    SELECT NEW.tagId, month, 1 FROM \(month(of: "SELECT takenAt AS ms FROM photo WHERE id = NEW.photoId"))
                    WHERE true
                    ON CONFLICT (tagId, month) DO UPDATE SET count = count + 1;
                END;
                CREATE TRIGGER tagMonth_afterDelete AFTER DELETE ON photoTag BEGIN
                    UPDATE tagMonth SET count = count - 1 WHERE tagId = OLD.tagId AND month = \(oldMonth);
                END;
                """)
    }
}
