import Blobs
import Catalog
import Foundation
import Imaging
import VitrineCore

extension Importer {
    /// Records a photo from its header and metadata, with only its original stored, as `processing`, and
    /// queues its render at `priority`. The duplicate check and the blob's durability are a rendered
    /// import's: the original is acknowledged before the row that makes the photo visible.
    func importQueued(
        path: String, originalName: String, tags: [String], file: FileInfo, hash: BlobKey, size: Int64,
        priority: Int
    ) async throws -> ImportOutcome {
        let options = options
        let described = try await renders.run { try MediaRenderer.describe(path: path, options: options.render) }
        let motion = await motionClip(path: path, metadata: described.metadata)
        defer { if let motion { unlink(motion.path) } }
        let original = PendingBlob.file(at: path, key: hash, contentType: described.mimeType)
        let motionBlob = motion.map { PendingBlob.file(at: $0.path, key: $0.key, contentType: $0.mimeType) }
        let id: String
        do {
            id = try await LeasedWrite(catalog: catalog, blobs: blobs).run(
                [original] + (motionBlob.map { [$0] } ?? []), purpose: "import"
            ) { owner in
                try await beforeCatalogInsert?(path)
                let id = PhotoID.make()
                let photo = Self.record(
                    id: id, hash: hash, size: size, originalName: originalName, described: described,
                    appearance: nil, file: file)
                let row = VariantRecord(
                    photoId: id, kind: .original, blobKey: hash, mimeType: described.mimeType,
                    width: described.width, height: described.height, byteSize: size)
                // The render and any rendition are queued with the row: no crash leaves the photo without them.
                try await catalog.insert(
                    photo, variants: [row] + (motion.map { [Self.motionVariant($0, photoId: id)] } ?? []),
                    tags: tags + keywords(described.metadata), leaseOwner: owner,
                    jobs: [JobRequest(.renderVariants, payload: id, priority: priority)]
                        + renditionJobs(
                            photoId: id, probe: described.video ?? motion?.probe, byteSize: motion?.size ?? size),
                    now: EpochMilliseconds.now)
                return id
            }
        } catch CatalogError.duplicate(let existingID) {
            return .duplicate(path: path, existingID: existingID)
        }
        recordClip(probe: described.video ?? motion?.probe, byteSize: motion?.size ?? size)
        logger.debug("recorded for rendering", metadata: ["path": .string(path), "id": .string(id)])
        let shown = await pairLivePart(photoId: id, metadata: described.metadata, isClip: described.video != nil)
        return .imported(path: path, photoID: shown)
    }
}
