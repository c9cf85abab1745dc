import Foundation
import GalleryEngine
import VitrineAPI

/// The gallery's one state store: the grid's pages, the viewer's position and deck, and the change
/// feed's fresh data, changed only by `send(_:)` and observed as a stream of updates.
///
/// Paging follows the seeds' rules: pages of `pageSize`, the next one when the grid or the viewer is
/// within 10 of the loaded end, one request at a time (a trigger while one runs is dropped), nothing
/// asked once every photo is loaded. Transient failures are retried as GalleryEngine's `RetryPolicy`
/// says, and change-feed messages placed by its `LiveChangeRules`: the web client's rules. The viewer's
/// deck (2 behind, the open photo, 4 ahead in the direction of travel) comes from GalleryEngine's
/// `DeckPlanner` and is handed to the prefetcher as it changes. Every change to `items` reaches
/// observers as a diff.
public actor GalleryStore {
    let client: VitrineClient
    let query: PhotoQuery
    let prefetcher: (any ImagePrefetching)?
    let pageSize: Int
    let retry: Retrying
    let planner: DeckPlanner

    public internal(set) var state = GalleryState()

    /// The page or refresh being fetched; at most one.
    var loading: Task<Result<PhotoPage, any Error>, Never>?
    /// Bumped by `.reset`, so a page fetched for the list before it is not added to the list after.
    var generation = 0
    /// Messages applied while `loading` runs, applied again to what it brings.
    var appliedWhileLoading: [ChangeMessage] = []
    /// The deck's preview URLs the prefetcher was last told to start, most wanted first.
    var warm: [URL] = []
    let observers = Broadcast<GalleryUpdate>()
    var published = GalleryState()

    /// - Parameters:
    ///   - query: the filter, order and starting position; its `limit` is replaced by `pageSize`.
    ///   - prefetcher: told which preview images the viewer's deck needs.
    ///   - pageSize: photos per page, 1–200.
    ///   - retry: how a transient failure is retried; GalleryEngine's policy, the web grid's.
    ///   - sleep: waits out a retry's delay (`Task.sleep`; a test may bring its own clock).
    ///   - loadMoreThreshold: the next page is fetched when within this many photos of the loaded end.
    public init(
        client: VitrineClient, query: PhotoQuery = PhotoQuery(), prefetcher: (any ImagePrefetching)? = nil,
        pageSize: Int = 20, retry: RetryPolicy = RetryPolicy(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        loadMoreThreshold: Int = 10
    ) {
        self.client = client
        self.prefetcher = prefetcher
        self.pageSize = min(max(pageSize, 1), 200)
        var query = query
        query.limit = self.pageSize
        self.query = query
        self.retry = Retrying(policy: retry, sleep: sleep)
        var planner = DeckPlanner()
        planner.behind = 2
        planner.aheadAtRest = 4
        planner.maximumAhead = 4
        planner.loadMoreThreshold = min(max(loadMoreThreshold, 0), 10_000)
        self.planner = planner
    }

    /// Handles `action`. Returns once its effects are in the state: for an action that starts a page
    /// request, once that page (after its retries) is in or has failed. A trigger dropped because a
    /// request is running returns at once.
    public func send(_ action: GalleryAction) async {
        switch action {
        case .loadMore:
            state.failure = nil
            publish()
            await loadNextPage()
        case .visible(let index):
            if shouldLoad(near: index) { await loadNextPage() }
        case .open(let index):
            guard state.items.indices.contains(index) else { return }
            state.current = index
            state.direction = 1
            await moved()
        case .next:
            await travel(by: 1)
        case .previous:
            await travel(by: -1)
        case .close:
            state.current = nil
            updateDeck()
            publish()
        case .apply(let messages):
            apply(messages)
            // A filter's matches are the server's to decide (a new photo, a retag, a retitle under a
            // search): the loaded range is fetched again and the difference applied, as after `.reset`.
            if liveRules.isFiltered, messages.contains(where: { $0.kind != "delete" }) { await refresh() }
        case .reset:
            await refresh()
        }
    }

    /// Updates from now on, starting with the current state (with no changes), until the consumer stops.
    /// Updates are buffered, never dropped: each one's changes follow from the one before.
    public func observe() -> AsyncStream<GalleryUpdate> { observers.stream(first: GalleryUpdate(state: state)) }

    /// Ends every observer's stream, so no consumer waits for a store that is gone.
    deinit { observers.finish() }

    /// Sends the state to observers if it changed, with `changes` to `items`.
    func publish(_ changes: GalleryChanges = GalleryChanges()) {
        guard state != published || !changes.isEmpty else { return }
        published = state
        let update = GalleryUpdate(state: state, changes: changes)
        observers.yield(update)
    }
}
