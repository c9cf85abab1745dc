import Catalog
import Foundation
import Hummingbird
import Imaging
import Ingest
import VitrineAPI

/// The admin's writes: `POST /api/v1/photos`, `PATCH` and `DELETE /api/v1/photos/{id}` (to the trash).
/// Mounted behind `RequireTokenMiddleware.admin`.
struct PhotoWritesController<Context: RequestContext>: Sendable {
    let library: Library
    let importer: Importer
    let maximumUploadBytes: Int
    /// Where answered items' asset URLs point (`--asset-base-url`, else this server's `/assets`).
    var assets = AssetURLs()

    func addRoutes(to group: RouterGroup<Context>) {
        group.post("photos", use: upload)
        group.patch("photos/{id}", use: edit)
        group.delete("photos/{id}", use: delete)
    }

    /// Streams the body to a temporary file, then runs the same import as the CLI on it.
    @Sendable func upload(_ request: Request, context: Context) async throws -> Response {
        let imported = try await UploadImport(library: library, importer: importer, maximumBytes: maximumUploadBytes)
            .run(request, readsFields: true)
        let (id, duplicate) = (imported.id, imported.duplicate)
        if !duplicate, let title = imported.title, !title.trimmingCharacters(in: .whitespaces).isEmpty {
            _ = try await library.catalog.update(id: id, .init(title: title))
        }
        let detail = try await Self.detail(id: id, catalog: library.catalog, assets: assets)
        return try JSONResponse.make(
            UploadResult(photo: detail, duplicate: duplicate), status: duplicate ? .ok : .created,
            cacheControl: "no-store")
    }

    @Sendable func edit(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.photoID(context)
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: 64 * 1024)
        } catch {
            throw APIError(.contentTooLarge, code: "too_large", message: "an edit is at most 64 KB of JSON")
        }
        let edit: PhotoEdit
        do {
            edit = try JSONDecoder().decode(PhotoEdit.self, from: body)
        } catch {
            throw APIError(
                .badRequest, code: "bad_json",
                message: "expected {\"title\": string or null, \"tags\": [string], \"favorite\": boolean}")
        }
        try Self.validate(title: edit.title ?? nil, tags: edit.tags ?? [])
        let catalog = library.catalog
        if edit.title != nil || edit.tags != nil {
            guard try await catalog.update(id: id, .init(title: edit.title, tags: edit.tags)) != nil
            else { throw APIError.notFound("photo") }
        } else if try await catalog.photo(id: id) == nil {
            throw APIError.notFound("photo")
        }
        if let favorite = edit.favorite {
            let selection = PhotoSelection(ids: [id])
            _ =
                favorite
                ? try await catalog.add(selection, to: .favorites)
                : try await catalog.remove(selection, from: .favorites)
        }
        return try JSONResponse.make(
            try await Self.detail(id: id, catalog: catalog, assets: assets), cacheControl: "no-store")
    }

    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.photoID(context)
        guard try await library.trashPhoto(id: id) else {
            throw APIError.notFound("photo")
        }
        return Response(status: .noContent)
    }

    static func photoID(_ context: Context) throws -> String {
        let id = try context.parameters.require("id")
        guard PhotoID.isValid(id) else { throw APIError(.badRequest, code: "bad_id", message: "not a photo id") }
        return id
    }

    static func detail(
        id: String, catalog: any PhotoReading & PhotoSets, assets: AssetURLs
    ) async throws -> PhotoDetail {
        guard let item = try await catalog.photo(id: id) else { throw APIError.notFound("photo") }
        var detail = WireMapping.detail(item, tags: try await catalog.tags(of: id), assets: assets)
        WireMapping.addSets(try await catalog.sets(of: id), to: &detail)
        return detail
    }

    static func validate(title: String?, tags: [String]) throws {
        try TextRules.validate(title: title, tags: tags)
    }

    /// The last path component, without control characters, at most 255 bytes: a client's name is a label,
    /// never a path.
    static func safeFileName(_ raw: String) -> String {
        let last = raw.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var clean = String(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }.map(Character.init))
        while clean.utf8.count > 255 { clean.removeLast() }
        return clean.isEmpty || clean == "." || clean == ".." ? "upload" : clean
    }

    /// Bad bytes are the client's problem (4xx), named so a person knows what to do; a server without
    /// libvips is its own (503).
    static func apiError(_ error: ImagingError) -> APIError {
        let status: HTTPResponse.Status =
            switch error {
            case .notAnImage, .unsupportedFormat: .unsupportedMediaType
            case .emptyFile: .badRequest
            case .tooManyPixels, .corrupt, .encodeFailed, .videoOverLimit, .corruptVideo: .unprocessableContent
            case .unavailable: .serviceUnavailable
            }
        // 503s carry a Retry-After, as everywhere in the API.
        return APIError(
            status, code: error.code, message: error.description, retryAfter: status == .serviceUnavailable ? 60 : nil)
    }
}
