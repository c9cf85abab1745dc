import Foundation
import Hummingbird
import Imaging
import Ingest

/// One uploaded file, streamed to a temporary file and imported as the CLI imports it: the one path the
/// owner's uploads and a share link's visitors' uploads share, so both keep the same size bound and the
/// same refusals of bad bytes.
struct UploadImport: Sendable {
    let library: Library
    let importer: Importer
    let maximumBytes: Int

    struct Imported {
        var id: String
        var duplicate: Bool
        /// The title the upload carried, checked; nil when none or when fields are not read.
        var title: String?
    }

    /// `readsFields` takes a title and tags from the form and the query (the owner); without it they are
    /// ignored, so a visitor cannot label the owner's library.
    func run(_ request: Request, readsFields: Bool) async throws -> Imported {
        let query = request.formParameters
        let receiver = UploadReceiver(temporaryDirectory: library.directory + "/tmp", maximumBytes: maximumBytes)
        let received = try await receiver.receive(request)
        defer { unlink(received.path) }
        let name = PhotoWritesController<BasicRequestContext>.safeFileName(
            received.filename ?? query["filename"].map(String.init) ?? "upload")
        var title: String?
        var tags: [String] = []
        if readsFields {
            title = received.title ?? query["title"].map(String.init)
            tags = received.tags + query.getAll("tag").map { String($0) }
            try TextRules.validate(title: title, tags: tags)
        }
        let outcome: ImportOutcome
        do {
            outcome = try await importer.importFileThrowing(at: received.path, originalName: name, tags: tags)
        } catch let error as ImagingError {
            throw PhotoWritesController<BasicRequestContext>.apiError(error)
        }
        switch outcome {
        case .imported(_, let id): return Imported(id: id, duplicate: false, title: title)
        case .duplicate(_, let id): return Imported(id: id, duplicate: true, title: title)
        case .failed(_, let reason): throw APIError(.unprocessableContent, code: "import_failed", message: reason)
        }
    }
}
