import Catalog
import Foundation
import Hummingbird
import VitrineAPI
import VitrineCore

/// Albums and favourites. Reads (`GET /api/v1/albums`, `GET /api/v1/albums/{id}`) follow the server's read
/// rule; changes take the admin token: `POST /api/v1/albums`, `PATCH` and `DELETE /api/v1/albums/{id}`,
/// `POST` and `DELETE /api/v1/albums/{id}/photos`, `POST` and `DELETE /api/v1/favorites`, each with a
/// selection (ids and ranges).
struct SetsController<Context: RequestContext>: Sendable {
    let catalog: any PhotoReading & PhotoSets
    var assets = AssetURLs()

    /// Albums a library holds at most: the list is one answer, each with its cover.
    static var maximumAlbums: Int { 2000 }
    /// A selection's JSON: 10 000 ids of 15 bytes and 100 ranges fit well within it.
    static var maximumBodyBytes: Int { 1 << 20 }

    func addRoutes(reads: RouterGroup<Context>, writes: RouterGroup<Context>) {
        reads.get("albums", use: list)
        reads.get("albums/{id}", use: show)
        writes.post("albums", use: create)
        writes.patch("albums/{id}", use: edit)
        writes.delete("albums/{id}", use: delete)
        writes.post("albums/{id}/photos", use: addPhotos)
        writes.delete("albums/{id}/photos", use: removePhotos)
        writes.post("favorites", use: addFavorites)
        writes.delete("favorites", use: removeFavorites)
    }

    /// Three reads whatever the number of albums: the albums, their covers' ids, and those photos.
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let albums = try await catalog.albums()
        let covers = try await catalog.albumCovers()
        let photos = try await catalog.photos(ids: Array(Set(covers.values)))
        let items = albums.map { wire($0, cover: covers[$0.id].flatMap { photos[$0] }) }
        return try JSONResponse.make(AlbumList(items: items), cacheControl: "no-cache")
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let album = try await found(try Self.albumID(context))
        return try JSONResponse.make(try await wire(album), cacheControl: "no-cache")
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        var request = request
        let change = try await request.decodeJSON(
            AlbumChange.self, limit: Self.maximumBodyBytes, expected: #"{"title": string, "description": string}"#)
        guard let title = change.title else {
            throw APIError(.badRequest, code: "bad_title", message: "an album needs a title")
        }
        try TextRules.validateAlbum(title: title, description: change.description)
        let selection = try change.photos?.validated()
        if case .some(.some(let cover)) = change.coverPhotoId, !PhotoID.isValid(cover) {
            throw APIError(.badRequest, code: "bad_cover", message: "coverPhotoId is a photo id")
        }
        guard try await catalog.albums().count < Self.maximumAlbums else {
            throw APIError(
                .conflict, code: "too_many_albums", message: "a library has at most \(Self.maximumAlbums) albums")
        }
        let now = Self.now
        let album = AlbumRecord(
            id: PhotoID.make(), title: title, description: change.description ?? "", createdAt: now, updatedAt: now)
        try await catalog.createAlbum(album)
        do {
            if let selection { _ = try await catalog.add(selection, to: .album(album.id)) }
            if case .some(.some(let cover)) = change.coverPhotoId {
                _ = try await update(album.id, AlbumEdit(coverPhotoId: cover))
            }
        } catch {
            // A refused create leaves nothing behind: a client that retries it makes one album, not two.
            _ = try? await catalog.deleteAlbum(id: album.id)
            throw error
        }
        return try JSONResponse.make(
            try await wire(try await found(album.id)), status: .created, cacheControl: "no-store")
    }

    @Sendable func edit(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.albumID(context)
        var request = request
        let change = try await request.decodeJSON(
            AlbumChange.self, limit: Self.maximumBodyBytes,
            expected: #"{"title": string, "description": string, "coverPhotoId": photo id or null}"#)
        try TextRules.validateAlbum(title: change.title, description: change.description)
        if case .some(.some(let cover)) = change.coverPhotoId, !PhotoID.isValid(cover) {
            throw APIError(.badRequest, code: "bad_cover", message: "coverPhotoId is a photo id")
        }
        let album = try await update(
            id, AlbumEdit(title: change.title, description: change.description, coverPhotoId: change.coverPhotoId))
        return try JSONResponse.make(try await wire(album), cacheControl: "no-store")
    }

    func update(_ id: String, _ edit: AlbumEdit) async throws -> AlbumRecord {
        do {
            guard let album = try await catalog.updateAlbum(id: id, edit) else { throw APIError.notFound("album") }
            return album
        } catch CatalogError.notInAlbum {
            throw APIError(.unprocessableContent, code: "bad_cover", message: "the cover must be a photo of the album")
        }
    }

    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        guard try await catalog.deleteAlbum(id: try Self.albumID(context)) else { throw APIError.notFound("album") }
        return Response(status: .noContent)
    }

    @Sendable func addPhotos(_ request: Request, context: Context) async throws -> Response {
        try await change(request, set: .album(try Self.albumID(context)), adding: true)
    }

    @Sendable func removePhotos(_ request: Request, context: Context) async throws -> Response {
        try await change(request, set: .album(try Self.albumID(context)), adding: false)
    }

    @Sendable func addFavorites(_ request: Request, context: Context) async throws -> Response {
        try await change(request, set: .favorites, adding: true)
    }

    @Sendable func removeFavorites(_ request: Request, context: Context) async throws -> Response {
        try await change(request, set: .favorites, adding: false)
    }

    func change(_ request: Request, set: PhotoSet, adding: Bool) async throws -> Response {
        var request = request
        let selection = try await request.decodeJSON(
            Selection.self, limit: Self.maximumBodyBytes,
            expected: #"{"ids": [photo id], "ranges": [{"newest": [ms, id], "oldest": [ms, id]}]}"#
        ).validated()
        let changed =
            adding ? try await catalog.add(selection, to: set) : try await catalog.remove(selection, from: set)
        guard let changed else { throw APIError.notFound("album") }
        return try JSONResponse.make(SetChange(changed: changed), cacheControl: "no-store")
    }

    // MARK: - Parts

    func found(_ id: String) async throws -> AlbumRecord {
        guard let album = try await catalog.album(id: id) else { throw APIError.notFound("album") }
        return album
    }

    /// The wire form, with its cover: the chosen photo while it is in the album, else the newest one.
    func wire(_ album: AlbumRecord) async throws -> Album {
        var cover: PhotoWithVariants?
        if let id = album.coverPhotoId, try await catalog.sets(of: id).albums.contains(album.id) {
            cover = try await catalog.photo(id: id)
        }
        if cover == nil, album.photoCount > 0 {
            cover = try await catalog.page(after: nil, limit: 1, filter: PhotoFilter(set: .album(album.id))).items.first
        }
        return wire(album, cover: cover)
    }

    func wire(_ album: AlbumRecord, cover: PhotoWithVariants?) -> Album {
        Album(
            id: album.id, title: album.title, description: album.description, photoCount: album.photoCount,
            cover: cover.map { WireMapping.summary($0, assets: assets) },
            createdAt: TimestampFormatter.string(milliseconds: album.createdAt, offsetMinutes: 0),
            updatedAt: TimestampFormatter.string(milliseconds: album.updatedAt, offsetMinutes: 0))
    }

    static func albumID(_ context: Context) throws -> String {
        let id = try context.parameters.require("id")
        guard PhotoID.isValid(id) else { throw APIError(.badRequest, code: "bad_id", message: "not an album id") }
        return id
    }

    static var now: Int64 { EpochMilliseconds.now }
}
