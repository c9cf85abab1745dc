import GalleryEngine
import VitrineAPI

extension GalleryStore {
    /// How change messages apply to this store's list as it stands: GalleryEngine's rules, the web
    /// client's, for a list of pages that starts at the query's position and ends where loading stands.
    var liveRules: LiveChangeRules {
        LiveChangeRules(
            boundedAbove: query.position == .top, boundedBelow: state.isComplete, keepsGaps: false,
            isFiltered: query.text.map { !$0.isEmpty } == true || !query.tags.isEmpty || query.album != nil
                || query.favorite,
            isOrderedByDate: query.order == .date)
    }

    /// Adds the next page after the loaded photos (skipping any already here), with the messages that
    /// came while it was in flight applied to it too.
    func append(_ page: PhotoPage) -> GalleryChanges {
        var seen = Set(state.items.map(\.id))
        var items = state.items
        for photo in page.items where seen.insert(photo.id).inserted { items.append(photo) }
        state.nextCursor = page.nextCursor
        state.total = max(page.total, 0)
        items = liveRules.apply(appliedWhileLoading, to: items)
        return setItems(items)
    }

    /// Takes a fresh fetch of the loaded range as the list, with the messages that came while it was in
    /// flight applied to it.
    func replace(with page: PhotoPage) -> GalleryChanges {
        var seen = Set<String>()
        var items = page.items.filter { seen.insert($0.id).inserted }
        state.nextCursor = page.nextCursor
        state.total = max(page.total, 0)
        items = liveRules.apply(appliedWhileLoading, to: items)
        return setItems(items)
    }

    /// Applies change-feed messages: new photos at their place when it is within the loaded range,
    /// updates in place, deletions removed; the total as the last message says (the filtered count when
    /// the query filters: the messages' totals are the whole library's).
    func apply(_ messages: [ChangeMessage]) {
        guard !messages.isEmpty else { return }
        if loading != nil { appliedWhileLoading += messages }
        let before = state.items.count
        let items = liveRules.apply(messages, to: state.items)
        if state.total != nil {
            if liveRules.isFiltered {
                state.total = max(0, (state.total ?? 0) + items.count - before)
            } else if let last = messages.last {
                state.total = max(last.total, 0)
            }
        }
        publish(setItems(items))
    }

    /// Makes `items` the list: the diff from the old one (GalleryEngine's `Diff`), the open photo
    /// followed to its new index (or its neighbour when it is gone), and the deck planned again.
    func setItems(_ items: [PhotoSummary]) -> GalleryChanges {
        let old = state.items
        var changes = GalleryChanges(Diff.diff(old: old.map(\.id), new: items.map(\.id)))
        var oldByID: [String: Int] = [:]
        for (index, photo) in old.enumerated() { oldByID[photo.id] = index }
        var newByID: [String: Int] = [:]
        for (index, photo) in items.enumerated() {
            newByID[photo.id] = index
            if let was = oldByID[photo.id], old[was] != photo { changes.updates.insert(index) }
        }
        if let current = state.current, old.indices.contains(current) {
            state.current = Self.follow(current, old: old, newIndex: newByID, count: items.count)
        }
        state.items = items
        updateDeck()
        return changes
    }

    /// Where the viewer goes when the list changes: GalleryEngine's rule, the web viewer's (the open
    /// photo's new index; if it is gone, the next photo that stayed, else the previous one), or the
    /// nearest index when no loaded photo stayed; nil when the list is empty.
    static func follow(_ current: Int, old: [PhotoSummary], newIndex: [String: Int], count: Int) -> Int? {
        guard count > 0 else { return nil }
        let kept = GalleryPolicy.follow(current: current, oldCount: old.count) { newIndex[old[$0].id] != nil }
        guard let kept, let index = newIndex[old[kept].id] else { return min(current, count - 1) }
        return index
    }
}
