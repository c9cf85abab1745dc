import Catalog
import Imaging
import Ingest
import Scheduling
import VitrineCore

/// The handlers of every kind, on a library: each reuses the code path the rest of the app takes for the
/// same work, so a job writes exactly what an import, an on-demand size or `vitrine gc` would.
extension JobHandler {
    /// Every kind's handler. `renders` is where libvips runs (as wide as the render kinds' concurrency),
    /// `transcodes` where ffmpeg makes web renditions (one at a time unless given);
    /// `trashDays` is how long the trash keeps a photo when a purge's payload does not say.
    public static func library(
        _ library: Library, renders: BoundedExecutor, transcodes: BoundedExecutor? = nil,
        render options: RenderOptions = RenderOptions(), trashDays: Int = TrashPolicy.defaultDays
    ) -> [JobKind: JobHandler] {
        let transcodes =
            transcodes
            ?? BoundedExecutor(
                label: "vitrine.transcodes", width: 1, queueLimit: 1, refusal: "the worker's transcodes are busy")
        return [
            .transcodeVideo: JobHandler { job in
                _ = try await library.makeWebRendition(photoId: job.payload, transcodes: transcodes, options: options)
            },
            .renderVariants: renderVariants(library, renders: renders, options: options),
            .sizedVariant: sizedVariant(library, renders: renders),
            .backfill: JobHandler { _ in _ = try await SmallThumbBackfill(library: library).run() },
            .purgeTrash: purgeTrash(library, defaultDays: trashDays),
            .collectBlobs: JobHandler { _ in _ = try await library.collectOrphans() },
        ]
    }

    /// A photo's missing preview and thumbs (payload: its id). A photo deleted meanwhile is done; an upload
    /// whose last attempt fails is marked `failed`.
    static func renderVariants(_ library: Library, renders: BoundedExecutor, options: RenderOptions) -> JobHandler {
        JobHandler(
            { job in
                _ = try await library.renderMissingVariants(photoId: job.payload, renders: renders, options: options)
            },
            parked: { job, _ in _ = try await library.catalog.settleRender(photoId: job.payload, appearance: nil) })
    }

    /// The edges a sized-variant job may ask for: Compat asks for its three, and no edge renders larger
    /// than a preview by much.
    static let sizedEdges = 1...4096

    /// One on-demand size (payload: `PHOTO_ID/EDGE`), unless it is already stored.
    static func sizedVariant(_ library: Library, renders: BoundedExecutor) -> JobHandler {
        JobHandler { job in
            let parts = job.payload.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let edge = Int(parts[1]), sizedEdges.contains(edge) else {
                throw JobPayloadError("a sized-variant job needs PHOTO_ID/EDGE, not \(job.payload.debugDescription)")
            }
            let photoId = String(parts[0])
            if try await library.catalog.sizedVariant(photoId: photoId, edge: edge) != nil { return }
            _ = try await SizedVariantMaker.render(library: library, renders: renders, photoId: photoId, edge: edge)
        }
    }

    /// The trash's purge (payload: the days it keeps a photo, or empty for `defaultDays`).
    static func purgeTrash(_ library: Library, defaultDays: Int) -> JobHandler {
        JobHandler { job in
            var days = defaultDays
            if !job.payload.isEmpty {
                guard let given = Int(job.payload), TrashPolicy.allowedDays.contains(given) else {
                    throw JobPayloadError(
                        "a purge-trash job needs a day count within \(TrashPolicy.allowedDays), not \(job.payload.debugDescription)"
                    )
                }
                days = given
            }
            _ = try await library.purgeTrash(olderThanDays: days)
        }
    }
}
