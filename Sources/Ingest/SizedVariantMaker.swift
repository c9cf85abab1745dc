import Blobs
import Catalog
import Imaging
import Scheduling
import VitrineCore

/// Makes a photo's extra sizes from its original on first request, then keeps them as blobs with a catalog
/// row, so each (photo, size) is rendered once. Concurrent first requests share one render.
///
/// Anyone may ask for any size of any photo, and a render decodes a full original: `renders` runs a few at
/// once (`--render-threads`) with a short queue (`--render-queue`), and refuses the rest with `BusyError`.
public actor SizedVariantMaker {
    let library: Library
    let renders: BoundedExecutor
    private var inFlight: [String: Task<SizedVariantRecord?, any Error>] = [:]
    /// How many renders ran: lets tests prove a size is made once.
    public private(set) var renderCount = 0

    public init(library: Library, renders: BoundedExecutor) {
        self.library = library
        self.renders = renders
    }

    /// The stored size, rendering it first when needed; nil when the photo does not exist.
    public func variant(photoId: String, edge: Int) async throws -> SizedVariantRecord? {
        if let stored = try await library.catalog.sizedVariant(photoId: photoId, edge: edge) { return stored }
        let name = "\(photoId)/\(edge)"
        if let running = inFlight[name] { return try await running.value }
        renderCount += 1
        let (library, renders) = (library, renders)
        let task = Task { try await Self.render(library: library, renders: renders, photoId: photoId, edge: edge) }
        inFlight[name] = task
        defer { inFlight[name] = nil }
        return try await task.value
    }

    /// Renders from the original, then stores and records it through `LeasedWrite`, so garbage collection
    /// can never take the blob from under the row.
    public static func render(
        library: Library, renders: BoundedExecutor, photoId: String, edge: Int
    ) async throws -> SizedVariantRecord? {
        let catalog = library.catalog
        guard let original = try await catalog.variant(photoId: photoId, kind: .original) else { return nil }
        let originalKey = original.blobKey
        // Refused before the original is fetched (a whole file from a bucket), not after.
        try renders.checkRoom()
        let encoded = try await library.blobs.withLocalFile(originalKey) { path in
            try await renders.run { try SizedRenderer.render(path: path, edge: edge) }
        }
        return try await library.leasedWrite.run(
            [.bytes(encoded.bytes, contentType: encoded.mimeType)], purpose: "sized"
        ) { owner in
            try await catalog.insertSizedVariant(
                SizedVariantRecord(
                    photoId: photoId, edge: edge, blobKey: BlobKey.of(encoded.bytes), mimeType: encoded.mimeType,
                    width: encoded.width, height: encoded.height, byteSize: Int64(encoded.bytes.count)),
                leaseOwner: owner)
        }
    }
}
