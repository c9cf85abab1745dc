import VitrineAPI

/// Everything a gallery screen shows, as data: the photos loaded so far, where paging stands, and which
/// photo the viewer has open. Never animation progress: a swipe in flight belongs to the view, and only
/// a completed swipe reaches the store (as `.next` or `.previous`).
public struct GalleryState: Sendable, Equatable {
    /// The photos loaded so far, in the query's order (newest first).
    public var items: [PhotoSummary] = []
    /// How many photos the query has on the server; nil until the first page arrived.
    public var total: Int?
    /// Where the next page starts; nil before the first page and after the last.
    public var nextCursor: String?
    /// Whether a page (or a refresh after `.reset`) is being fetched.
    public var isLoading = false
    /// The last paging failure, after its retries; paging waits for the next `.loadMore` while it is set.
    public var failure: VitrineError?
    /// The open photo's index in `items`; nil while the grid shows.
    public var current: Int?
    /// The viewer's last direction of travel: +1 forward (older photos), -1 back.
    public var direction = 1
    /// The indices the viewer keeps warm around `current` (2 behind, 4 ahead in `direction`).
    public var deck: ClosedRange<Int>?

    public init() {}

    /// Whether every photo of the query is loaded: the last page came back without a cursor, or as many
    /// photos as the total are here.
    public var isComplete: Bool {
        guard let total else { return false }
        return nextCursor == nil || items.count >= total
    }

    /// The open photo, if any.
    public var currentItem: PhotoSummary? {
        guard let current, items.indices.contains(current) else { return nil }
        return items[current]
    }
}
