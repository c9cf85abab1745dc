/// Bounds every catalog implementation keeps, so callers and the contract tests can count on them.
public enum CatalogPolicy {
    /// How many change events are kept; a client that fell further behind reloads instead of resuming.
    public static let retainedChanges: Int64 = 10_000
    /// Sessions kept at once per credential (the admin token, or one share link's password); a sign-in past
    /// it ends that credential's oldest, so a link's visitors never sign the owner out.
    public static let maximumSessions = 1000
    /// A lease whose holder cannot be proven dead outlives it by this long (milliseconds); its blobs are
    /// then ordinary orphans.
    public static let leaseLifetime: Int64 = 3_600_000
    /// A collection mark whose holder cannot be proven dead stops protecting its key after this long
    /// (milliseconds); one batch's `delete` must finish well within it.
    public static let collectionMarkLifetime: Int64 = 600_000
    /// At most this many keys are marked and handed to a collection's `delete` at once (S3 deletes 1 000 per
    /// request).
    public static let collectionBatchSize = 1000
}
