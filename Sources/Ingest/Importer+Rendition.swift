import Catalog
import Imaging
import VitrineCore

extension Importer {
    /// Queues a clip's web rendition when its original would not play everywhere. After the row, as a
    /// render's job is: the clip is stored either way, and plays as its original until the rendition lands.
    /// Never in the import itself: a transcode takes about as long as the clip, and is a worker's.
    func queueRendition(photoId: String, probe: VideoProbe?, byteSize: Int64) async {
        guard let probe else { return }
        let needed = options.render.rendition.reason(for: probe, byteSize: byteSize) != nil
        observer?.clipRecorded(needsRendition: needed)
        guard needed else { return }
        do {
            _ = try await catalog.enqueue(
                [JobRequest(.transcodeVideo, payload: photoId, priority: JobPriority.background)],
                now: EpochMilliseconds.now)
        } catch {
            logger.warning(
                "a clip's web rendition was not queued", metadata: ["id": .string(photoId), "error": "\(error)"])
        }
    }
}
