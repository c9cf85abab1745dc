import VitrineAPI

/// Applies change-feed messages to a list of loaded photos: the list the server would answer now for
/// the same range, as far as the messages tell.
///
/// Pure, so the store can apply the same messages again to a page that was in flight while they came.
/// Applying a message twice gives the same list as applying it once.
struct GalleryMerge {
    /// Whether every photo of the query is loaded, so a new photo belongs anywhere in the list.
    var isComplete: Bool
    /// Whether the list starts at the newest photo (the query began at the top), so a photo newer than
    /// the first one belongs in it.
    var startsAtTop: Bool
    /// Whether the query filters (text, tags) or orders by relevance: the merge cannot tell whether a new
    /// photo matches, nor where relevance puts it, so only updates and deletes apply here (the store then
    /// asks the server, see `GalleryAction.apply`).
    var isFiltered: Bool
    var orderedByDate: Bool

    func apply(_ messages: [ChangeMessage], to items: [PhotoSummary]) -> [PhotoSummary] {
        var items = items
        for message in messages { apply(message, to: &items) }
        return items
    }

    func apply(_ message: ChangeMessage, to items: inout [PhotoSummary]) {
        let index = items.firstIndex { $0.id == message.id }
        guard message.kind != "delete", let photo = message.photo, photo.id == message.id else {
            if let index { items.remove(at: index) }
            return
        }
        if let index {
            let kept = ChangeMessage.SortKey(photo: items[index])
            if !orderedByDate || kept == nil || kept == message.sortKey {
                items[index] = photo
                return
            }
            // Its time changed: it moves to its new place, or out of the loaded range.
            items.remove(at: index)
        } else if isFiltered {
            return
        }
        guard let place = place(of: message.sortKey, in: items) else { return }
        items.insert(photo, at: place)
    }

    /// Where a photo with `key` goes in `items`, or nil when it falls outside the loaded range (a later
    /// page brings it).
    func place(of key: ChangeMessage.SortKey, in items: [PhotoSummary]) -> Int? {
        guard orderedByDate else { return nil }
        let keys = items.map { ChangeMessage.SortKey(photo: $0) }
        if !isComplete {
            // Older than the last loaded photo: the next page starts after that one and brings it.
            guard let last = keys.last, let last, key.isNewer(than: last) else { return nil }
        }
        if !startsAtTop, let first = keys.first {
            // Newer than the first loaded photo: above the range this list holds.
            guard let first, !key.isNewer(than: first) else { return nil }
        }
        return keys.firstIndex { existing in existing.map { !$0.isNewer(than: key) } ?? false } ?? items.count
    }
}
