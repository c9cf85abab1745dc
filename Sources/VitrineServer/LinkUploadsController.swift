import Catalog
import Hummingbird
import Ingest
import VitrineAPI
import VitrineCore

/// `POST /api/v1/links/{slug}/photos`: a visitor adds a photo through a link that allows uploads, into
/// the link's album or its own set, as the owner's upload route takes it (multipart `file`, or the raw
/// body) and within the same size bound. Each upload is logged with the link it came through
/// (`ShareLinks.recordLinkUpload`), and a link takes at most `maximumUploads` in its life.
///
/// A file the library already holds is received but not added: adding it would hand the visitor the
/// owner's copy, with its title and tags, for the price of the bytes. A form post from the file drop's
/// page (a browser navigating) is answered 303 back to the page, and its errors as that page.
struct LinkUploadsController<Context: RequestContext>: Sendable {
    let library: Library
    let importer: Importer
    let visits: LinkVisitsController<Context>
    let maximumUploadBytes: Int
    let maximumUploads: Int
    let limiter: ConcurrencyLimiter

    func addRoutes(to api: RouterGroup<Context>) {
        api.post("links/{slug}/photos", use: upload)
    }

    @Sendable func upload(_ request: Request, context: Context) async throws -> Response {
        guard LinkPages.isNavigation(request) else { return try await upload(request, context, form: false) }
        do {
            return try await upload(request, context, form: true)
        } catch let error as APIError {
            return LinkPages.page(for: error, link: try await visits.known(context), form: .upload)
        }
    }

    func upload(_ request: Request, _ context: Context, form: Bool) async throws -> Response {
        let link = try await visits.open(request, context)
        guard link.allowsUpload else {
            throw APIError(.forbidden, code: "no_uploads", message: "this link does not take uploads")
        }
        // Held until the photo is in: its body's temporary file and its render are this upload's.
        let place = try limiter.admit(context.peerAddress)
        defer { place.release() }
        let catalog = library.catalog
        guard try await catalog.linkUploadCount(slug: link.slug) < maximumUploads else {
            throw APIError(
                .conflict, code: "too_many_uploads", message: "this link took its \(maximumUploads) uploads")
        }
        let imported = try await UploadImport(library: library, importer: importer, maximumBytes: maximumUploadBytes)
            .run(request, readsFields: false)
        if !imported.duplicate {
            // The count above is a quick refusal; this is the bound. An upload that lost the race to the
            // link's last slot is taken out again: nobody else has seen it, and it is a photo of its own (a
            // visitor's Live Photo half joins none of the owner's photos: `ImportOptions.pairsLiveParts`).
            guard
                try await catalog.recordLinkUpload(
                    slug: link.slug, photoId: imported.id, at: EpochMilliseconds.now, limit: maximumUploads)
            else {
                _ = try await library.deletePhoto(id: imported.id)
                throw APIError(
                    .conflict, code: "too_many_uploads", message: "this link took its \(maximumUploads) uploads")
            }
            _ = try await catalog.add(PhotoSelection(ids: [imported.id]), to: link.set)
        }
        if form { return LinkPages.seeOther(slug: link.slug, sent: true) }
        let shown = link.showsPhotos && !imported.duplicate
        return try JSONResponse.make(
            LinkUploadResult(id: shown ? imported.id : nil), status: .created, cacheControl: "no-store")
    }
}
