import Blobs
import Catalog
import Foundation
import Imaging
import Scheduling
import VitrineCore

extension Library {
    /// Renders a photo's preview and thumbs from its stored original and records the ones it lacks, each
    /// through `LeasedWrite` as an import stores its blobs. Run twice, the second run finds nothing missing
    /// and writes nothing (and a run racing another records each variant once: `addVariant` refuses a kind
    /// the photo already has, and equal bytes are one blob). Returns how many variants it recorded; nil when
    /// there is no such photo.
    public func renderMissingVariants(
        photoId: String, renders: BoundedExecutor, options: RenderOptions = RenderOptions()
    ) async throws -> Int? {
        guard let item = try await catalog.photos(ids: [photoId])[photoId] else { return nil }
        let missing = Set(Importer.renderedKinds.filter { item.variants[$0] == nil })
        // A photo that is not ready still needs the render's placeholder, even when a run killed after its
        // variants left nothing else missing.
        guard !missing.isEmpty || item.photo.status != .ready else { return 0 }
        guard let original = item.variants[.original] else {
            throw ImagingError.corrupt("the photo has no original to render from")
        }
        let temporaries = temporaries
        let rendered = try await blobs.withLocalFile(original.blobKey) { path in
            try await renders.run { try MediaRenderer.render(path: path, options: options, temporaries: temporaries) }
        }
        let encoded = [rendered.preview, rendered.thumbWebP, rendered.thumbJPEG, rendered.smallThumb]
        var recorded = 0
        // One lease per variant: `addVariant` drops its owner's leases, so a second blob under the same owner
        // would be unprotected between the two records.
        for (kind, variant) in zip(Importer.renderedKinds, encoded) where missing.contains(kind) {
            let catalog = catalog
            let added = try await leasedWrite.run(
                [.bytes(variant.bytes, contentType: variant.mimeType)], purpose: "render"
            ) { owner in
                try await catalog.addVariant(
                    VariantRecord(
                        photoId: photoId, kind: kind, blobKey: BlobKey.of(variant.bytes), mimeType: variant.mimeType,
                        width: variant.width, height: variant.height, byteSize: Int64(variant.bytes.count)),
                    leaseOwner: owner)
            }
            if added { recorded += 1 }
        }
        // A photo trashed while it rendered took none of its variants; restored since, it is back without them,
        // and stays processing for the render its restore queued.
        var whole = recorded == missing.count
        if !whole { whole = try await missingNow(photoId, kinds: missing).isEmpty }
        if item.photo.status != .ready, whole {
            let appearance = PhotoAppearance(
                thumbHash: Data(rendered.thumbHash), averageColor: rendered.averageColor,
                colorfulness: rendered.colorfulness)
            _ = try await catalog.settleRender(photoId: photoId, appearance: appearance)
        }
        return recorded
    }

    /// Which of `kinds` photo `id` lacks now.
    private func missingNow(_ id: String, kinds: Set<VariantKind>) async throws -> Set<VariantKind> {
        guard let item = try await catalog.photos(ids: [id])[id] else { return kinds }
        return kinds.filter { item.variants[$0] == nil }
    }
}
