extension PhotoReading {
    /// A page of `limit` photos centred on photo `id` in the newest-first order of `filter`'s matches: the
    /// nearest newer ones, the photo itself when it matches, then the nearest older ones, with cursors both
    /// ways, and where the photo sits in its month (`position`). Nil when there is no such photo. A photo the
    /// filter leaves out still marks the position, and its month offset is where it would sit.
    ///
    /// Built from keyset pages (`page(after:)` below the photo, then `page(before:)` from the nearest older
    /// match, which takes in the photo itself), so it costs a few index walks at any depth, and one count over
    /// the photo's month (`monthOffset(of:filter:)`), which grows with that month alone.
    public func page(around id: String, limit: Int, filter: PhotoFilter) async throws -> CatalogPage? {
        guard let photo = try await photo(id: id)?.photo else { return nil }
        let limit = max(1, limit)
        let position = PageCursor(takenAt: photo.takenAt, id: photo.id)
        let olderCount = (limit - 1) / 2
        // One more than is kept: the nearest older match is where the newer half is read from.
        let older = try await page(after: position, offset: 0, limit: olderCount + 1, filter: filter)
        let nearestOlder = older.items.first.map { PageCursor(takenAt: $0.photo.takenAt, id: $0.photo.id) }
        let kept = Array(older.items.prefix(olderCount))
        let newer = try await page(
            before: nearestOlder ?? Self.belowEveryPhoto, limit: limit - kept.count, filter: filter)
        let items = newer.items + kept
        let next: PageCursor?
        if older.items.count > olderCount {
            next = items.last.map { PageCursor(takenAt: $0.photo.takenAt, id: $0.photo.id) }
        } else {
            next = nil
        }
        let offset = try await monthOffset(of: position, filter: filter)
        return CatalogPage(
            items: items, nextCursor: next, previousCursor: newer.previousCursor, total: older.total,
            position: MonthPosition(month: position.month, offset: offset))
    }

    /// A position below every photo: every `(takenAt, id)` is above `(Int64.min, "")`.
    static var belowEveryPhoto: PageCursor { PageCursor(takenAt: .min, id: "") }
}
