import GalleryEngine
import VitrineAPI

/// A month of the timeline as GalleryEngine's `LiveChangeRules` move photos in it: every place its count
/// says, loaded or not, so a new photo that falls in a gap becomes an unknown place there, as on the
/// server.
struct MonthPlaces: LivePlaces {
    private(set) var photos: [PhotoSummary?]
    private var keys: [PhotoSortKey?]

    /// The month's `count` places, with the photos loaded at their indices.
    init(count: Int, loaded: [Int: PhotoSummary]) {
        photos = Array(repeating: nil, count: max(0, count))
        for (k, photo) in loaded where k >= 0 && k < photos.count { photos[k] = photo }
        keys = photos.map { $0.flatMap { ChangeMessage.SortKey(photo: $0)?.engineKey } }
    }

    var count: Int { photos.count }

    /// The loaded photos by index.
    var loaded: [Int: PhotoSummary] {
        var out: [Int: PhotoSummary] = [:]
        for (k, photo) in photos.enumerated() { if let photo { out[k] = photo } }
        return out
    }

    func key(at index: Int) -> PhotoSortKey? { keys[index] }

    func isLoaded(at index: Int) -> Bool { photos[index] != nil }

    func index(of id: [UInt8]) -> Int? { photos.firstIndex { $0?.id.utf8.elementsEqual(id) == true } }

    mutating func remove(at index: Int) {
        photos.remove(at: index)
        keys.remove(at: index)
    }

    mutating func insert(_ photo: PhotoSummary?, at index: Int) {
        photos.insert(photo, at: index)
        keys.insert(photo.flatMap { ChangeMessage.SortKey(photo: $0)?.engineKey }, at: index)
    }

    mutating func replace(at index: Int, with photo: PhotoSummary) {
        photos[index] = photo
        keys[index] = ChangeMessage.SortKey(photo: photo)?.engineKey
    }
}
