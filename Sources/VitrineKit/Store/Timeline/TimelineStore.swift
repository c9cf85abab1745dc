import Foundation
import GalleryEngine
import VitrineAPI

/// A timeline screen of the whole library, driven by GalleryEngine's `GallerySession` exactly as the web
/// grid drives it: the library laid out as month sections from their counts, and the session deciding
/// what to load and when, how big a page is, when a failed page is tried again and when a failure
/// stands. This store fetches what a frame asks for, aborts what it cancels, tells the session how each
/// load went, and wakes it at the time its frame names.
///
/// A native screen sends its viewport and scroll positions, and draws from `frame` (the bands to mount,
/// the visible spans) with `spans`, `itemFrame` and `headerFrame`, and `photo(section:index:)` for
/// each place's photo.
public actor TimelineStore {
    let client: VitrineClient
    let query: PhotoQuery
    let session: GallerySession
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant
    let sleep: @Sendable (Duration) async throws -> Void

    /// The months, newest first, with the photos loaded so far (by index in the month).
    public internal(set) var months: [TimelineMonth] = []
    var photos: [[Int: PhotoSummary]] = []
    /// The last frame the session gave.
    public internal(set) var frame = GalleryFrame()
    /// Loads running, by the session's request id.
    var loads: [Int32: Task<Void, Never>] = [:]
    /// The session's next tick, when its frame named one.
    var wake: Task<Void, Never>?
    let observers = Broadcast<GalleryFrame>()

    /// - Parameters:
    ///   - query: the filter (text, tags, album, favourites); its order and position are the session's.
    ///   - configuration: the timeline's layout at the screen's width.
    ///   - sleep: waits until the session's next tick (`Task.sleep`; a test may bring its own clock).
    public init(
        client: VitrineClient, query: PhotoQuery = PhotoQuery(), configuration: TimelineConfiguration,
        policy: GalleryPolicy = GalleryPolicy(), retry: RetryPolicy = RetryPolicy(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.client = client
        var query = query
        query.order = .date
        self.query = query
        session = GallerySession(configuration: configuration, policy: policy, retry: retry)
        start = clock.now
        self.sleep = sleep
    }

    /// Milliseconds on the session's clock.
    var now: Double {
        let d = clock.now - start
        return Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    /// The content's height (px): the whole library, estimated where not loaded yet.
    public var contentHeight: Double { session.layout.contentHeight }

    /// Item `index` of month `section`'s frame in content px, or nil.
    public func itemFrame(section: Int, index: Int) -> Rect? { session.layout.frame(section: section, item: index) }

    /// Month `section`'s header frame in content px.
    public func headerFrame(section: Int) -> Rect { session.layout.headerFrame(ofSection: section) }

    /// The items and headers between content y `top` and `bottom` (a frame's `mount` band).
    public func spans(top: Double, bottom: Double) -> [TimelineSpan] { session.layout.spans(top: top, bottom: bottom) }

    /// The photo at index `index` of month `section`, if loaded.
    public func photo(section: Int, index: Int) -> PhotoSummary? {
        section >= 0 && section < photos.count ? photos[section][index] : nil
    }

    /// Photos loaded so far.
    public var loadedCount: Int { photos.reduce(0) { $0 + $1.count } }

    /// Frames from now on, each as the session gave it, until the consumer stops.
    public func observe() -> AsyncStream<GalleryFrame> { observers.stream() }

    deinit {
        observers.finish()
        for load in loads.values { load.cancel() }
        wake?.cancel()
    }
}
