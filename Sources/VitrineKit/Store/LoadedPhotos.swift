import GalleryEngine
import VitrineAPI

/// The store's loaded photos as GalleryEngine's `LiveChangeRules` move them: a list without gaps, so a
/// photo whose place falls outside it is left for the page that brings it.
struct LoadedPhotos: LivePlaces {
    private(set) var items: [PhotoSummary]
    /// Each photo's sort key; nil when its `takenAt` does not parse (it then orders after any photo).
    private var keys: [PhotoSortKey?]

    init(_ items: [PhotoSummary]) {
        self.items = items
        keys = items.map { ChangeMessage.SortKey(photo: $0)?.engineKey }
    }

    var count: Int { items.count }

    func key(at index: Int) -> PhotoSortKey? { keys[index] }

    func index(of id: [UInt8]) -> Int? { items.firstIndex { $0.id.utf8.elementsEqual(id) } }

    mutating func remove(at index: Int) {
        items.remove(at: index)
        keys.remove(at: index)
    }

    /// Inserts `photo`; an unknown place (nil) never comes, as the rules keep no gaps here.
    mutating func insert(_ photo: PhotoSummary?, at index: Int) {
        guard let photo else { return }
        items.insert(photo, at: index)
        keys.insert(ChangeMessage.SortKey(photo: photo)?.engineKey, at: index)
    }

    mutating func replace(at index: Int, with photo: PhotoSummary) {
        items[index] = photo
        keys[index] = ChangeMessage.SortKey(photo: photo)?.engineKey
    }
}

extension LiveChangeRules {
    /// Applies change-feed messages to `items`, oldest first.
    func apply(_ messages: [ChangeMessage], to items: [PhotoSummary]) -> [PhotoSummary] {
        var places = LoadedPhotos(items)
        // An album's change names the album, not a photo of this list.
        let changes = messages.filter { $0.kind != "album" }.map { message in
            let kind: LiveChange<PhotoSummary>.Kind =
                message.kind == "delete" ? .delete : (message.kind == "insert" ? .insert : .update)
            let photo = message.photo.flatMap { $0.id == message.id ? $0 : nil }
            return LiveChange(
                kind: photo == nil ? .delete : kind, id: Array(message.id.utf8), key: message.sortKey.engineKey,
                photo: photo)
        }
        _ = apply(changes, to: &places)
        return places.items
    }
}
