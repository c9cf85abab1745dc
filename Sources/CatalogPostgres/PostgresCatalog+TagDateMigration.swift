extension PostgresCatalog {
    /// Migration v3: a tag's links in date order, as SQLite's `photoTag (tagId, takenAt, photoId)` index
    /// (its migration v10), so a count inside one month for a tag (`monthOffset(of:filter:)`) walks that
    /// tag's rows of that month rather than the month's photos. `taken_at` on links is kept by migration v2.
    static let tagDatesMigration = Migration(
        name: "v3-tag-dates",
        statements: [
            "CREATE INDEX photo_tag_on_tag_id_taken_at ON photo_tag (tag_id, taken_at, photo_id)"
        ])
}
