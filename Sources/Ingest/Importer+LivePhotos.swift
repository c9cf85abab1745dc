import Blobs
import Catalog
import Foundation
import Imaging
import VitrineCore

extension Importer {
    /// The clip a Motion Photo carries, copied out of `path`; nil when its XMP claims none, or a claim the
    /// file does not bear out (the photo then imports as a still, and the reason is logged).
    func motionClip(path: String, metadata: PhotoMetadata) async -> MotionClip? {
        guard let claim = metadata.motionPhoto else { return nil }
        let (options, temporaries) = (options.render, temporaries)
        do {
            return try await renders.run {
                try MotionClip.extract(from: path, claim: claim, options: options, temporaries: temporaries)
            }
        } catch {
            logger.notice(
                "a Motion Photo's clip was not kept; the photo imports as a still",
                metadata: ["path": .string(path), "reason": "\(error)"])
            return nil
        }
    }

    /// The pending blob and variant row that store a Motion Photo's clip with its photo.
    static func motionVariant(_ clip: MotionClip, photoId: String) -> VariantRecord {
        VariantRecord(
            photoId: photoId, kind: .motion, blobKey: clip.key, mimeType: clip.mimeType, width: clip.probe.width,
            height: clip.probe.height, byteSize: clip.size)
    }

    /// Pairs a Live Photo's part, just recorded as `photoId`, with its other half when the catalog holds it:
    /// the clip becomes the still's motion, and the clip's own item goes. Returns the id that now shows the
    /// file: the still's, when the part recorded was the clip that joined it.
    ///
    /// Never throws: a pairing that fails leaves both items, as parts without an identifier would be, and is
    /// logged.
    func pairLivePart(photoId: String, metadata: PhotoMetadata, isClip: Bool) async -> String {
        guard options.pairsLiveParts, let identifier = metadata.liveIdentifier else { return photoId }
        do {
            guard
                let other = try await catalog.recordLivePart(
                    isClip ? .clip : .still, identifier: identifier, photoId: photoId)
            else { return photoId }
            let (clip, still) = isClip ? (photoId, other) : (other, photoId)
            // The clip's own rendition job, if it has not run, finds no clip; the still's makes the motion's
            // when it needs one (the job probes it), queued with the pairing.
            guard
                let freed = try await catalog.attachMotion(
                    clip: clip, toStill: still,
                    jobs: [JobRequest(.transcodeVideo, payload: still, priority: JobPriority.background)],
                    now: EpochMilliseconds.now)
            else { return photoId }
            let blobs = blobs
            _ = try await catalog.collectGarbage(candidates: freed) { try await blobs.delete($0) }
            logger.debug("paired a Live Photo", metadata: ["still": .string(still), "clip": .string(clip)])
            return still
        } catch {
            logger.warning(
                "a Live Photo's parts were not paired", metadata: ["id": .string(photoId), "error": "\(error)"])
            return photoId
        }
    }
}
