import Blobs
import Catalog
import Imaging
import Ingest
import Scheduling

/// Makes a photo's extra sizes from its original on first request, then keeps them as blobs with a catalog
/// row, so each (photo, size) is rendered once. Concurrent first requests share one render.
///
/// Anyone may ask for any size of any photo, and a render decodes a full original: `renders` runs a few at
/// once (`--render-threads`) with a short queue (`--render-queue`), and refuses the rest with 503 `busy`.
actor SizedVariantMaker {
    let library: Library
    let renders: BoundedExecutor
    private var inFlight: [String: Task<SizedVariantRecord?, any Error>] = [:]
    /// How many renders ran: lets tests prove a size is made once.
    private(set) var renderCount = 0

    init(library: Library, renders: BoundedExecutor = makeRenderPool(Limits())) {
        self.library = library
        self.renders = renders
    }

    static func makeRenderPool(_ limits: Limits) -> BoundedExecutor {
        BoundedExecutor(
            label: "vitrine.renders", width: limits.renderThreads, queueLimit: limits.renderQueue,
            refusal: "too many images are being resized; try again shortly", retryAfterSeconds: 2)
    }

    /// The stored size, rendering it first when needed; nil when the photo does not exist.
    func variant(photoId: String, edge: Int) async throws -> SizedVariantRecord? {
        let catalog = library.catalog
        if let stored = try await catalog.sizedVariant(photoId: photoId, edge: edge) {
            return stored
        }
        let name = "\(photoId)/\(edge)"
        if let running = inFlight[name] { return try await running.value }
        renderCount += 1
        let (library, renders) = (library, renders)
        let task = Task { try await Self.render(library: library, photoId: photoId, edge: edge, renders: renders) }
        inFlight[name] = task
        defer { inFlight[name] = nil }
        return try await task.value
    }

    /// Renders from the original, leases the new blob's key, writes it, then records it (dropping the lease),
    /// the same order an import uses, so garbage collection can never take the file from under the row.
    static func render(
        library: Library, photoId: String, edge: Int, renders: BoundedExecutor
    ) async throws -> SizedVariantRecord? {
        guard let original = try await library.catalog.variant(photoId: photoId, kind: .original),
            let path = library.blobs.localPath(for: original.blobKey)
        else { return nil }
        let encoded = try await renders.run { try SizedRenderer.render(path: path, edge: edge) }
        let key = BlobKey.of(encoded.bytes)
        let owner = "sized-" + PhotoID.make()
        try await library.catalog.lease([key], owner: owner)
        do {
            _ = try await blocking { [blobs = library.blobs] in try blobs.write(encoded.bytes) }
        } catch {
            try? await library.catalog.releaseLeases(owner: owner)
            throw error
        }
        return try await library.catalog.insertSizedVariant(
            SizedVariantRecord(
                photoId: photoId, edge: edge, blobKey: key, mimeType: encoded.mimeType, width: encoded.width,
                height: encoded.height, byteSize: Int64(encoded.bytes.count)),
            leaseOwner: owner)
    }
}
