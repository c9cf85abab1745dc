import Ingest
import Jobs
import Scheduling

extension Library {
    /// A worker over this library's queue with the handlers of every kind, rendering on a pool of its own
    /// as wide as its render kinds may run and transcoding on another as wide as its transcodes (libvips
    /// and ffmpeg block, so never on Swift's cooperative threads). As it
    /// starts, it queues the render of any photo still `processing` without a job. Its threads run at
    /// `niceness` (lower priority than the requests beside them); an import that is the foreground work
    /// passes 0.
    public func worker(
        _ configuration: WorkerConfiguration, trashDays: Int = TrashPolicy.defaultDays,
        observer: (any JobObserver)? = nil, niceness: Int32 = BoundedExecutor.backgroundNiceness
    ) -> JobWorker {
        let width = max(
            1, configuration.limits[.renderVariants, default: 0] + configuration.limits[.sizedVariant, default: 0])
        let renders = BoundedExecutor(
            label: "vitrine.worker", width: width, queueLimit: width, refusal: "the worker's renders are busy",
            niceness: niceness)
        let transcodeWidth = max(1, configuration.limits[.transcodeVideo, default: 0])
        let transcodes = BoundedExecutor(
            label: "vitrine.transcodes", width: transcodeWidth, queueLimit: transcodeWidth,
            refusal: "the worker's transcodes are busy", niceness: niceness)
        return JobWorker(
            queue: catalog,
            handlers: JobHandler.library(self, renders: renders, transcodes: transcodes, trashDays: trashDays),
            configuration: configuration, observer: observer,
            startup: { [self] in _ = try await self.queueUnrenderedPhotos() })
    }
}
