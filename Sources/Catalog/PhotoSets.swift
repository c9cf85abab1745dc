/// Albums and favourites: sets of photos that pages, counts and timelines narrow to
/// (`PhotoFilter.set`). A change to a set is one transaction with its feed entries: each photo whose
/// favourite changed is announced as updated, and each album changed as an `album` entry.
public protocol PhotoSets: Sendable {
    /// Every album, most recently changed first.
    func albums() async throws -> [AlbumRecord]
    func album(id: String) async throws -> AlbumRecord?
    /// Throws `CatalogError.duplicate` when the id is taken.
    func createAlbum(_ album: AlbumRecord) async throws
    /// Nil when there is no such album; a cover that is not in the album is refused with
    /// `CatalogError.notInAlbum`.
    func updateAlbum(id: String, _ edit: AlbumEdit) async throws -> AlbumRecord?
    /// Deletes the album, never its photos; false when there was none.
    func deleteAlbum(id: String) async throws -> Bool
    /// Adds the selection's photos to a set; returns how many were not in it before, nil when the album
    /// does not exist. Ids of photos that do not exist are skipped.
    func add(_ selection: PhotoSelection, to set: PhotoSet) async throws -> Int?
    /// Removes the selection's photos from a set; returns how many were in it, nil when the album does not
    /// exist.
    func remove(_ selection: PhotoSelection, from set: PhotoSet) async throws -> Int?
    /// Whether a photo is a favourite, and the albums it is in (ids, in no particular order).
    func sets(of photoId: String) async throws -> (favorite: Bool, albums: [String])
    /// Each album's cover photo, by album id: its chosen cover while that photo is in it, else its newest
    /// photo (the first of its page). An album with no photo has none. One read for the whole list.
    func albumCovers() async throws -> [String: String]
}
