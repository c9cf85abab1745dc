import GalleryEngine
import VitrineAPI

/// A month of the timeline as GalleryEngine's `LiveChangeRules` move photos in it: every place its count
/// says, loaded or not, so a new photo that falls in a gap becomes an unknown place there, as on the
/// server. Only the loaded places are stored, in order, so a month of any count costs what is loaded.
struct MonthPlaces: LivePlaces {
    private(set) var count: Int
    /// The loaded places, by ascending index.
    private var entries: [(index: Int, photo: PhotoSummary, key: PhotoSortKey?)]

    /// The month's `count` places, with the photos loaded at their indices.
    init(count: Int, loaded: [Int: PhotoSummary]) {
        self.count = max(0, count)
        entries = loaded.filter { $0.key >= 0 && $0.key < max(0, count) }.sorted { $0.key < $1.key }
            .map { ($0.key, $0.value, ChangeMessage.SortKey(photo: $0.value)?.engineKey) }
    }

    /// The loaded photos by index.
    var loaded: [Int: PhotoSummary] { Dictionary(uniqueKeysWithValues: entries.map { ($0.index, $0.photo) }) }

    /// The position in `entries` of the first entry at or after `index`.
    private func position(of index: Int) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].index < index { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private func entry(at index: Int) -> Int? {
        let p = position(of: index)
        return p < entries.count && entries[p].index == index ? p : nil
    }

    func key(at index: Int) -> PhotoSortKey? { entry(at: index).flatMap { entries[$0].key } }

    func isLoaded(at index: Int) -> Bool { entry(at: index) != nil }

    func index(of id: [UInt8]) -> Int? { entries.first { $0.photo.id.utf8.elementsEqual(id) }?.index }

    /// The first loaded place whose photo does not come before `key`: only loaded places can stop the walk.
    func firstIndex(notNewerThan key: PhotoSortKey) -> Int {
        for entry in entries {
            if let existing = entry.key, !existing.isNewer(than: key) { return entry.index }
        }
        return count
    }

    mutating func remove(at index: Int) {
        let p = position(of: index)
        if p < entries.count, entries[p].index == index { entries.remove(at: p) }
        for k in position(of: index)..<entries.count { entries[k].index -= 1 }
        count -= 1
    }

    mutating func insert(_ photo: PhotoSummary?, at index: Int) {
        let p = position(of: index)
        for k in p..<entries.count { entries[k].index += 1 }
        if let photo { entries.insert((index, photo, ChangeMessage.SortKey(photo: photo)?.engineKey), at: p) }
        count += 1
    }

    mutating func replace(at index: Int, with photo: PhotoSummary) {
        let key = ChangeMessage.SortKey(photo: photo)?.engineKey
        if let p = entry(at: index) {
            entries[p] = (index, photo, key)
        } else {
            entries.insert((index, photo, key), at: position(of: index))
        }
    }
}
