/// What a gallery screen does after an event: where to scroll, which loads to start and cancel, what to
/// mount and keep, when to come back with a `tick`, and what the viewer shows.
public struct GalleryFrame: Equatable, Sendable {
    /// Set the scroll position to this content y (Home/End, or a correction that keeps the photo under
    /// the eye where it was); nil to leave it.
    public var scrollTo: Double?
    /// The content y of the screen's top the frame is for.
    public var offset: Double = 0
    public var contentHeight: Double = 0
    /// The scroll velocity (px/ms, positive down) over the policy's window.
    public var velocity: Double = 0
    public var isFling = false
    /// Photos per page of the loads started now.
    public var pageSize = 0
    /// Loads to start, most wanted first; report each as arrived or failed by its id.
    public var start: [TimelineRequest] = []
    /// Loads to abort: the library they were for was replaced. Loads the screen merely left behind are
    /// not here: they arrive and are used, and count against the loads at a time meanwhile.
    public var cancel: [TimelineRequest] = []
    /// When (ms) to send a `tick`: a failed page's retry.
    public var retryAt: Double?
    /// The last failure stands: nothing is retried until `retryNow`.
    public var failureStands = false
    /// When (ms) to send a `tick` at the latest: the retry, the moment a scroll with no sample since has
    /// stopped, or a press held on a tile becomes a long press.
    public var tickAt: Double?
    /// A cold start: only the screen is mounted and loaded until `release`.
    public var holding = false
    /// The photos on screen, by month.
    public var visible: [TimelineSpan] = []
    /// The content to mount (tiles, headers): placeholders for the photos not loaded yet.
    public var mount = GalleryBand()
    /// Where tiles the server rendered for the first screen are adopted: the first screen's reach while
    /// holding, else the mount band.
    public var reach = GalleryBand()
    /// Mounted tiles inside this band stay; those outside both it and the mount band go.
    public var retain = GalleryBand()
    /// The viewer's photo (library index), nil when it is closed.
    public var viewer: Int?
    /// The touch held on a tile became a long press: its tile is selected and the touch paints.
    public var longPress = false
    /// A click opens the viewer on this library photo.
    public var open: Int?
    /// Photos selected.
    public var selected = 0
    /// The selection changed: the screen redraws its checks.
    public var selectionChanged = false
    /// A long press is painting the selection: the touch must not scroll.
    public var painting = false
    /// Runs of places the client holds in part that are not read in full yet (in flight or not).
    public var partial = 0

    public init() {}
}

/// A band of content, top to bottom (content y).
public struct GalleryBand: Equatable, Sendable {
    public var top: Double
    public var bottom: Double

    public init(top: Double = 0, bottom: Double = 0) {
        self.top = top
        self.bottom = bottom
    }
}
