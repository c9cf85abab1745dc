import GalleryEngine
import VitrineAPI
import VitrineCore

extension ChangeMessage.SortKey {
    /// A page item's place in the newest-first order, as the change feed writes it: `takenAt` in ms, then
    /// the id. A time without a zone is a wall clock the server orders as if it were UTC. Nil when the
    /// item's `takenAt` does not parse.
    init?(photo: PhotoSummary) {
        guard
            let milliseconds = TimestampParser.milliseconds(photo.takenAt)
                ?? TimestampParser.milliseconds(photo.takenAt + "Z")
        else { return nil }
        self.init(takenAt: milliseconds, id: photo.id)
    }

    /// The key as GalleryEngine orders it.
    var engineKey: PhotoSortKey { PhotoSortKey(takenAt: takenAt, id: Array(id.utf8)) }
}
