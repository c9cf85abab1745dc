/// What a queued job does. Stored as its raw value, so a row written by a newer release (a kind this one
/// does not know) is reported as its text and never claimed, rather than trapping a decode.
public enum JobKind: String, Sendable, CaseIterable, Codable {
    /// Render a photo's variants from its original (payload: the photo id).
    case renderVariants = "render-variants"
    /// Make one on-demand size of a photo (payload: `PHOTO_ID/EDGE`).
    case sizedVariant = "sized-variant"
    /// Add variants that older releases did not make to every photo missing them (payload: empty).
    case backfill
    /// Drop trashed photos past the trash's retention (payload: empty).
    case purgeTrash = "purge-trash"
    /// Delete blobs nothing references any more (payload: empty).
    case collectBlobs = "collect-blobs"
    /// Make a clip's web rendition (payload: the photo id), unless its original plays everywhere.
    case transcodeVideo = "transcode-video"

    /// Whether enqueuing a job of this kind again puts its parked row back in the queue, with fresh
    /// attempts. Those kinds' work recurs (a purge each hour, a backfill at each start), so a failure at one
    /// moment (a database restarting, a bucket answering 503) must not stop it for good. A photo's own jobs
    /// stay parked: a file that fails every time is retried when its owner says so (`vitrine jobs retry`).
    public var isRevivedByEnqueue: Bool {
        switch self {
        case .backfill, .purgeTrash, .collectBlobs: true
        case .renderVariants, .sizedVariant, .transcodeVideo: false
        }
    }
}
