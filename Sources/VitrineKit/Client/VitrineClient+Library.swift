import Foundation
import VitrineAPI

/// Organising a library: albums, favourites, the trash and share links. Every change needs the token.
extension VitrineClient {
    /// Every album, most recently changed first.
    public func albums() async throws -> AlbumList {
        try await json(AlbumList.self, request("GET", url("/api/v1/albums")))
    }

    public func album(id: String) async throws -> Album {
        try await json(Album.self, request("GET", url("/api/v1/albums/" + id)))
    }

    /// A new album, with `photos` in it at once.
    public func createAlbum(title: String, description: String? = nil, photos: Selection? = nil) async throws -> Album {
        try await json(
            Album.self, "POST", "/api/v1/albums", AlbumChange(title: title, description: description, photos: photos))
    }

    /// Renames, describes or sets the cover (`coverPhotoId: .some(nil)` goes back to the newest photo).
    public func editAlbum(id: String, _ change: AlbumChange) async throws -> Album {
        try await json(Album.self, "PATCH", "/api/v1/albums/" + id, change)
    }

    /// Deletes the album; its photos stay.
    public func deleteAlbum(id: String) async throws {
        _ = try await send(request("DELETE", url("/api/v1/albums/" + id)))
    }

    /// Adds photos (ids, and ranges as a selection keeps them); answers how many were not there yet.
    public func add(_ photos: Selection, toAlbum id: String) async throws -> Int {
        try await json(SetChange.self, "POST", "/api/v1/albums/\(id)/photos", photos).changed
    }

    public func remove(_ photos: Selection, fromAlbum id: String) async throws -> Int {
        try await json(SetChange.self, "DELETE", "/api/v1/albums/\(id)/photos", photos).changed
    }

    /// Hearts the photos (or takes the heart away); answers how many changed.
    public func setFavorite(_ favorite: Bool, _ photos: Selection) async throws -> Int {
        try await json(SetChange.self, favorite ? "POST" : "DELETE", "/api/v1/favorites", photos).changed
    }

    /// A page of the trash, most recently deleted first.
    public func trash(cursor: String? = nil, limit: Int? = nil) async throws -> TrashList {
        var items: [URLQueryItem] = []
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
        return try await json(TrashList.self, request("GET", url("/api/v1/trash", query: items)))
    }

    /// Brings photos back from the trash, as they were.
    public func restore(ids: [String]) async throws -> RestoreResult {
        try await json(RestoreResult.self, "POST", "/api/v1/trash/restore", PhotoIDs(ids: ids))
    }

    /// Purges the whole trash for good.
    public func emptyTrash() async throws {
        _ = try await send(request("DELETE", url("/api/v1/trash")))
    }

    /// Every share link, newest first.
    public func links() async throws -> LinkList {
        try await json(LinkList.self, request("GET", url("/api/v1/links")))
    }

    /// Shares an album (`albumId`) or chosen photos (`photos`).
    public func createLink(_ change: LinkChange) async throws -> ShareLink {
        try await json(ShareLink.self, "POST", "/api/v1/links", change)
    }

    public func editLink(slug: String, _ change: LinkChange) async throws -> ShareLink {
        try await json(ShareLink.self, "PATCH", "/api/v1/links/" + slug, change)
    }

    public func deleteLink(slug: String) async throws {
        _ = try await send(request("DELETE", url("/api/v1/links/" + slug)))
    }

    /// Sends `body` as JSON and decodes the answer.
    func json<T: Decodable>(_ type: T.Type, _ method: String, _ path: String, _ body: some Encodable) async throws -> T
    {
        let data = try JSONEncoder().encode(body)
        return try await json(
            T.self, request(method, url(path), headers: ["Content-Type": "application/json"], body: .data(data)))
    }
}
