/// One page of the newest-first order, and how many photos match in all.
public struct CatalogPage: Sendable {
    public var items: [PhotoWithVariants]
    /// Where the next page starts; nil on the last page.
    public var nextCursor: PageCursor?
    public var total: Int

    public init(items: [PhotoWithVariants], nextCursor: PageCursor?, total: Int) {
        self.items = items
        self.nextCursor = nextCursor
        self.total = total
    }
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
