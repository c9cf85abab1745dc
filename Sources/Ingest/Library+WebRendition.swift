import Blobs
import Catalog
import Foundation
import Imaging
import Scheduling

extension Library {
    /// Makes a clip's (or a Live Photo's motion's) web rendition when its original would not play everywhere (`VideoRendition`), stores it
    /// through `LeasedWrite` and records it with an `update` on the change feed, so open clients play it.
    /// Returns whether one was recorded: a photo deleted meanwhile, one that has neither clip nor motion, one that has its
    /// rendition, or a clip that plays as it is, is nothing to do. `transcodes` runs ffmpeg, which blocks.
    public func makeWebRendition(
        photoId: String, transcodes: BoundedExecutor, options: RenderOptions = RenderOptions()
    ) async throws -> Bool {
        guard let item = try await catalog.photos(ids: [photoId])[photoId] else { return false }
        // A clip's rendition is of its original; a Live or Motion Photo's, of its motion.
        let (source, target): (VariantKind, VariantKind) =
            item.photo.kind == .video ? (.original, .webVideo) : (.motion, .motionWeb)
        guard item.variants[target] == nil, let original = item.variants[source] else { return false }
        let temporaries = temporaries
        let made = try await blobs.withLocalFile(original.blobKey) { path in
            try await transcodes.run(cancellable: { flag throws -> (path: String, width: Int, height: Int)? in
                guard let probe = try MediaRenderer.describe(path: path, options: options).video,
                    options.rendition.reason(for: probe, byteSize: original.byteSize) != nil
                else { return nil }
                let (fd, output) = try temporaries.create(prefix: "rendition-")
                close(fd)
                do {
                    let size = try options.rendition.make(
                        from: path, probe: probe, to: output, cancelled: { flag.isCancelled })
                    return (output, size.width, size.height)
                } catch {
                    unlink(output)
                    throw error
                }
            })
        }
        guard let made else { return false }
        defer { unlink(made.path) }
        let (key, size) = try FileHasher.sha256(path: made.path)
        let catalog = catalog
        return try await leasedWrite.run(
            [.file(at: made.path, key: key, contentType: "video/mp4")], purpose: "rendition"
        ) { owner in
            try await catalog.addVariant(
                VariantRecord(
                    photoId: photoId, kind: target, blobKey: key, mimeType: "video/mp4", width: made.width,
                    height: made.height, byteSize: size),
                leaseOwner: owner)
        }
    }
}
