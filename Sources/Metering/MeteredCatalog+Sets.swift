import Catalog

extension MeteredCatalog {
    public func albums() async throws -> [AlbumRecord] {
        try await metered(.albums) { try await base.albums() }
    }

    public func album(id: String) async throws -> AlbumRecord? {
        try await metered(.album) { try await base.album(id: id) }
    }

    public func createAlbum(_ album: AlbumRecord) async throws {
        try await metered(.createAlbum) { try await base.createAlbum(album) }
    }

    public func updateAlbum(id: String, _ edit: AlbumEdit) async throws -> AlbumRecord? {
        try await metered(.updateAlbum) { try await base.updateAlbum(id: id, edit) }
    }

    public func deleteAlbum(id: String) async throws -> Bool {
        try await metered(.deleteAlbum) { try await base.deleteAlbum(id: id) }
    }

    public func add(_ selection: PhotoSelection, to set: PhotoSet) async throws -> Int? {
        try await metered(.addToSet) { try await base.add(selection, to: set) }
    }

    public func remove(_ selection: PhotoSelection, from set: PhotoSet) async throws -> Int? {
        try await metered(.removeFromSet) { try await base.remove(selection, from: set) }
    }

    public func sets(of photoId: String) async throws -> (favorite: Bool, albums: [String]) {
        try await metered(.sets) { try await base.sets(of: photoId) }
    }

    public func albumCovers() async throws -> [String: String] {
        try await metered(.albumCovers) { try await base.albumCovers() }
    }
}
