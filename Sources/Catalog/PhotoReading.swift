import VitrineCore

/// Reads of photos, their variants and tags: what the gallery, the assets and the backfills look up.
public protocol PhotoReading: Sendable {
    /// A photo with its variants; nil when there is none.
    func photo(id: String) async throws -> PhotoWithVariants?
    /// A photo with its variants and tags, in one read; nil when there is none.
    func detail(id: String) async throws -> PhotoDetailRecord?
    /// The photo whose original has this SHA-256 (hex), to find duplicates.
    func photo(contentHash: String) async throws -> PhotoRecord?
    /// Photos by id, with their variants, for announcing changes; ids that no longer exist are absent.
    func photos(ids: [String]) async throws -> [String: PhotoWithVariants]
    func count() async throws -> Int
    /// How many photos have a variant of `kind`.
    func count(of kind: VariantKind) async throws -> Int
    /// Up to `limit` ids of photos in `status`, oldest import first: the few that are not `ready`, e.g. the
    /// uploads a worker must render. Only those are indexed, so for `ready` it answers none.
    func photoIds(status: PhotoStatus, limit: Int) async throws -> [String]
    /// A page of photos, newest first by date taken then id, strictly after `cursor` (keyset paging: photos
    /// inserted between two requests can neither shift an item into a page twice nor push one out unseen),
    /// skipping the first `offset` of them (a position inside a month; each skipped row is one more index
    /// step). `previousCursor` is set when the page did not start at the top and a newer photo matches.
    func page(after cursor: PageCursor?, offset: Int, limit: Int, filter: PhotoFilter) async throws -> CatalogPage
    /// The page just newer than `cursor`: up to `limit` photos strictly before it in the newest-first order,
    /// the nearest ones, returned newest first. `previousCursor` is set when still newer photos match,
    /// `nextCursor` when older ones do (from the page's last item: `cursor` itself when it is a photo).
    func page(before cursor: PageCursor, limit: Int, filter: PhotoFilter) async throws -> CatalogPage
    /// Photos matching `filter`'s query, best match first, newest first among equals; without a searchable
    /// word, the newest-first order.
    func relevancePage(
        after cursor: RelevanceCursor?, limit: Int, filter: PhotoFilter
    ) async throws
        -> RelevancePage
    /// The variant stored under `blobKey`, for serving assets by content address.
    func variant(blobKey: BlobKey) async throws -> VariantRecord?
    /// A photo's variant of one kind, e.g. the JPEG thumb standing in for a WebP one.
    func variant(photoId: String, kind: VariantKind) async throws -> VariantRecord?
    /// A size made on demand, if it was made.
    func sizedVariant(photoId: String, edge: Int) async throws -> SizedVariantRecord?
    /// Photos matching `filter` per UTC month of `takenAt` (`UTCMonth`), newest month first, only months with
    /// photos. The whole catalog and one tag read counts kept as photos are written, the same cost at any size;
    /// text or several tags count their matches, a cost that grows with them.
    func monthCounts(filter: PhotoFilter) async throws -> [MonthCount]
    /// How many photos matching `filter` sort above `position` (newest first: takenAt descending, then id) in
    /// the UTC month of its `takenAt`: a photo's index in its month, as `page(after:offset:)` from the month's
    /// top counts it (`MonthPosition`). A COUNT over one index range bounded by the month, from `position` to
    /// the month's end, so its cost grows with the month's size, not the library's; text counts the rows the
    /// pages' own text match keeps.
    func monthOffset(of position: PageCursor, filter: PhotoFilter) async throws -> Int
    /// The `limit` most used tags with their photo counts, most used first, then by name (case-insensitively).
    func tagCounts(limit: Int) async throws -> [TagCount]
    /// A photo's tags, in name order (case-insensitively).
    func tags(of photoId: String) async throws -> [String]
    /// The tags of many photos in one read, each list in name order (case-insensitively); photos without
    /// tags, or that do not exist, are absent. What a page of details needs instead of a read per photo.
    func tags(of photoIds: [String]) async throws -> [String: [String]]
    /// The current view and download counts, nil when there is no such photo.
    func counters(photoId: String) async throws -> (views: Int, downloads: Int)?
    /// Up to `limit` photos without a variant of `kind`, newest first, after `cursor` (keyset order, so a pass
    /// over a large catalog reads each photo once).
    func photos(missing kind: VariantKind, after cursor: PageCursor?, limit: Int) async throws -> [PhotoWithVariants]
}

extension PhotoReading {
    public func page(after cursor: PageCursor?, limit: Int, filter: PhotoFilter) async throws -> CatalogPage {
        try await page(after: cursor, offset: 0, limit: limit, filter: filter)
    }

    public func page(after cursor: PageCursor?, limit: Int) async throws -> CatalogPage {
        try await page(after: cursor, offset: 0, limit: limit, filter: PhotoFilter())
    }
}

extension PhotoReading {
    /// Every tag in use with its photo count, most used first, then by name (case-insensitively).
    public func tagCounts() async throws -> [TagCount] { try await tagCounts(limit: Int.max) }
}
