import Catalog
import GRDB
import VitrineCore

// The catalog's value types as GRDB records: their tables, and blob keys stored as their hex text.

extension BlobKey: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { hex.databaseValue }

    /// Nil for text that is not a key, which GRDB reports as a decoding error instead of trapping.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> BlobKey? {
        String.fromDatabaseValue(dbValue).flatMap(BlobKey.init(hex:))
    }
}

extension PhotoRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "photo"
}

extension VariantRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "variant"
}

extension SizedVariantRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "sizedVariant"
}

extension SessionRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "session"
}

/// Mutable persistence, so `insert` hands back the assigned `seq` (the feed prunes itself by it).
extension ChangeEvent: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "changeEvent"

    public mutating func didInsert(_ inserted: InsertionSuccess) { seq = inserted.rowID }
}

extension APIKeyRecord: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "apiKey"

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
