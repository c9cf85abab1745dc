/// One page of the newest-first order, and how many photos match in all.
public struct CatalogPage: Sendable {
    public var items: [PhotoWithVariants]
    /// Where the next (older) page starts; nil on the last page.
    public var nextCursor: PageCursor?
    /// Where the page just newer than this one ends (its first item): set when a newer photo matches and the
    /// page was asked for from a position, so a client that jumped into the middle can page upwards.
    public var previousCursor: PageCursor?
    public var total: Int
    /// Where the photo a page is centred on sits in its month (`page(around:)`); nil on every other page.
    public var position: MonthPosition?

    public init(
        items: [PhotoWithVariants], nextCursor: PageCursor?, previousCursor: PageCursor? = nil, total: Int,
        position: MonthPosition? = nil
    ) {
        self.items = items
        self.nextCursor = nextCursor
        self.previousCursor = previousCursor
        self.total = total
        self.position = position
    }
}

/// Which side of a position a read walks: older photos come newest first, newer ones oldest first (nearest
/// first both ways).
public enum PageDirection: Sendable, Equatable {
    case older, newer
}

/// One page of a relevance-ordered search, and how many photos match in all.
public struct RelevancePage: Sendable {
    public var items: [PhotoWithVariants]
    public var nextCursor: RelevanceCursor?
    public var total: Int

    public init(items: [PhotoWithVariants], nextCursor: RelevanceCursor?, total: Int) {
        self.items = items
        self.nextCursor = nextCursor
        self.total = total
    }
}
