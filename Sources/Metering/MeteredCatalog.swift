import Catalog
import Metrics

/// A `PhotoCatalog` that times each call by operation and counts the ones that throw, then forwards it. The
/// composition root wraps the library's catalog in it when metrics are on, so neither implementation knows
/// of metrics and both are measured alike. Its role conformances are in `MeteredCatalog+<Role>.swift`.
public struct MeteredCatalog: PhotoCatalog {
    let base: any PhotoCatalog
    let handles: [CatalogOperation: (duration: Timer, errors: Counter)]

    public init(_ base: any PhotoCatalog, metrics: VitrineMetrics) {
        self.base = base
        var handles: [CatalogOperation: (duration: Timer, errors: Counter)] = [:]
        for operation in CatalogOperation.allCases {
            let dimensions = [("operation", operation.rawValue)]
            handles[operation] = (
                Timer(label: Names.catalogDuration, dimensions: dimensions, factory: metrics.factory),
                Counter(label: Names.catalogErrors, dimensions: dimensions, factory: metrics.factory)
            )
        }
        self.handles = handles
    }

    /// Runs one call of `operation`, recording its time whether it returns or throws.
    func metered<T>(_ operation: CatalogOperation, _ body: () async throws -> T) async throws -> T {
        let start = ContinuousClock.now
        let handles = handles[operation]
        do {
            let value = try await body()
            handles?.duration.recordNanoseconds(start.duration(to: .now).wholeNanoseconds)
            return value
        } catch {
            handles?.duration.recordNanoseconds(start.duration(to: .now).wholeNanoseconds)
            handles?.errors.increment()
            throw error
        }
    }
}

/// The `operation` label of catalog metrics: one per method of the roles.
enum CatalogOperation: String, CaseIterable {
    // PhotoReading
    case photo, detail, photoByHash = "photo_by_hash", photos, count, countOfKind = "count_of_kind", page
    case pageBefore = "page_before"
    case relevancePage = "relevance_page", variantByKey = "variant_by_key", variant, sizedVariant = "sized_variant"
    case tagCounts = "tag_counts", tags, tagsOfPhotos = "tags_of_photos", counters
    case photosMissing = "photos_missing", monthCounts = "month_counts", monthOffset = "month_offset"
    case photoIdsByStatus = "photo_ids_by_status"
    // PhotoWriting
    case insert, insertMany = "insert_many", update, delete, addVariant = "add_variant"
    case insertSizedVariant = "insert_sized_variant", increment, settleRender = "settle_render"
    // ChangeFeed
    case latestChangeSeq = "latest_change_seq", changes, observeChanges = "observe_changes"
    // BlobLeases
    case lease, releaseLeases = "release_leases", leases, referencedBlobKeys = "referenced_blob_keys"
    case retiredBlobCount = "retired_blob_count", collectGarbage = "collect_garbage"
    case collectRetiredBlobs = "collect_retired_blobs"
    // PhotoTrash
    case trash, trashPage = "trash_page", trashedPhoto = "trashed_photo", restore, purgeTrash = "purge_trash"
    // PhotoSets
    case albums, album, createAlbum = "create_album", updateAlbum = "update_album", deleteAlbum = "delete_album"
    case addToSet = "add_to_set", removeFromSet = "remove_from_set", sets, albumCovers = "album_covers"
    // ShareLinks
    case createLink = "create_link", links, link, updateLink = "update_link", deleteLink = "delete_link"
    case recordView = "record_view", linkShares = "link_shares", linkVariant = "link_variant"
    case recordLinkUpload = "record_link_upload", linkUploadCount = "link_upload_count"
    case uploadLinks = "upload_links"
    // CompatReading
    case compatSearch = "compat_search", resources, compatPhoto = "compat_photo"
    // AccessRecords
    case insertAPIKey = "insert_api_key", apiKeys = "api_keys", activeAPIKey = "active_api_key"
    case revokeAPIKey = "revoke_api_key", insertSession = "insert_session", session, sessions
    case deleteSession = "delete_session", deleteAllSessions = "delete_all_sessions"
    // SharedSettings
    case adminTokenDigest = "admin_token_digest", setAdminTokenDigest = "set_admin_token_digest"
    case replaceAdminTokenDigest = "replace_admin_token_digest"
    // ThrottleCounters
    case recordFailure = "record_failure", forgiveFailure = "forgive_failure", throttleWindow = "throttle_window"
    case pruneThrottleWindows = "prune_throttle_windows"
    // JobQueue
    case enqueue, claimJob = "claim_job", extendLease = "extend_lease", completeJob = "complete_job"
    case releaseJob = "release_job", failJob = "fail_job", retryFailedJobs = "retry_failed_jobs", jobSummary =
        "job_summary",
        jobsByKey = "jobs_by_key"
    case observeJobs = "observe_jobs"
    // LivePairs
    case recordLivePart = "record_live_part", attachMotion = "attach_motion", stillHolding = "still_holding"
}
