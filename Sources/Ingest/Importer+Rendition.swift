import Catalog
import Imaging
import VitrineCore

extension Importer {
    /// The job that makes a clip's (or a Live or Motion Photo's motion's) web rendition when it would not
    /// play everywhere, enqueued with the photo's row: the clip plays as it came until the rendition lands,
    /// and no crash leaves it without one. Never in the import itself: a transcode takes about as long as the
    /// clip, and is a worker's.
    func renditionJobs(photoId: String, probe: VideoProbe?, byteSize: Int64) -> [JobRequest] {
        guard let probe, options.render.rendition.reason(for: probe, byteSize: byteSize) != nil else { return [] }
        return [JobRequest(.transcodeVideo, payload: photoId, priority: JobPriority.background)]
    }

    /// Tells the observer of a clip recorded, and whether it needs a rendition.
    func recordClip(probe: VideoProbe?, byteSize: Int64) {
        guard let probe else { return }
        observer?.clipRecorded(needsRendition: options.render.rendition.reason(for: probe, byteSize: byteSize) != nil)
    }
}
