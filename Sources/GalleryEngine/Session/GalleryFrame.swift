/// What a gallery screen does after an event: where to scroll, which loads to start and cancel, when
/// to come back for a retry, and what the viewer shows.
public struct GalleryFrame: Equatable, Sendable {
    /// Set the scroll position to this content y (Home/End, or a correction that keeps the photo under
    /// the eye where it was); nil to leave it.
    public var scrollTo: Double?
    public var contentHeight: Double = 0
    /// The scroll velocity (px/ms, positive down) over the policy's window.
    public var velocity: Double = 0
    public var isFling = false
    /// Photos per page of the loads started now.
    public var pageSize = 0
    /// Loads to start, most wanted first; report each as arrived or failed by its id.
    public var start: [TimelineRequest] = []
    /// Loads in flight no longer wanted.
    public var cancel: [TimelineRequest] = []
    /// When (ms) to send a `tick`: a failed page's retry.
    public var retryAt: Double?
    /// The last failure stands: nothing is retried until `retryNow`.
    public var failureStands = false
    /// The photos on screen, by month.
    public var visible: [TimelineSpan] = []
    /// The viewer's photo (library index), nil when it is closed.
    public var viewer: Int?

    public init() {}
}
