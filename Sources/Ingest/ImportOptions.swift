import Imaging

/// How an import runs.
public struct ImportOptions: Sendable {
    /// Files decoded and rendered at once. Each holds one decoded image (≤ 2048 px on the long edge, or what
    /// the thumb's short edge needs), so memory is bounded by this number, not by input sizes.
    public var concurrency: Int
    /// Files that may wait for a render slot (concurrent uploads beyond `concurrency`); past it an import
    /// is refused with `BusyError`, which the server answers 503 `busy`.
    public var queueLimit: Int
    public var render: RenderOptions
    /// Nil renders each photo before recording it. Otherwise the photo is recorded `processing` from its
    /// header and metadata alone, with only its original stored, and a render job at this priority is
    /// queued for the workers: an upload answers at once, and `import --enqueue-only` leaves the work to
    /// `vitrine worker`.
    public var queuedRenderPriority: Int?
    /// Whether a file's own keywords (XMP `dc:subject`, IPTC) become its tags: the owner's files, yes; a
    /// share link visitor's, no, so a visitor labels nothing in the owner's library.
    public var keepsKeywords: Bool
    /// Whether a Live Photo's still and clip imported apart join into one photo (the pair's other half may be
    /// any photo of the library): the owner's files, yes; a share link visitor's, no, so a visitor's file
    /// changes no photo of the owner's, and is always a photo of its own (which a refused upload can remove).
    public var pairsLiveParts: Bool

    public init(
        concurrency: Int = ImportOptions.defaultConcurrency, queueLimit: Int = ImportOptions.defaultQueueLimit,
        render: RenderOptions = RenderOptions(), queuedRenderPriority: Int? = nil, keepsKeywords: Bool = true,
        pairsLiveParts: Bool = true
    ) {
        self.concurrency = max(1, concurrency)
        self.queueLimit = max(0, queueLimit)
        self.render = render
        self.queuedRenderPriority = queuedRenderPriority
        self.keepsKeywords = keepsKeywords
        self.pairsLiveParts = pairsLiveParts
    }

    public static var defaultConcurrency: Int { max(1, System.coreCount) }
    public static let defaultQueueLimit = 1024
}
