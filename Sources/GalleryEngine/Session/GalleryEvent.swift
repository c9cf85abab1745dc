/// What happens to a gallery screen, as the session takes it. Times are ms on one clock (the frame
/// time in a browser).
public enum GalleryEvent {
    /// The viewport's size (px) and its device pixels per px: a resize or a rotation.
    case viewport(width: Double, height: Double, density: Double)
    /// The layout changed (a resize's new geometry, the style toggled): everything is laid out again,
    /// the photo under the top bar staying where it is on screen.
    case layout(TimelineConfiguration)
    /// The library's months (newest first): the first timeline, a new filter, or the months after live
    /// changes. What was loaded and in flight is dropped (the loads are cancelled), and the view goes to
    /// the top. Nothing is planned until the next scroll or tick: the client may first place the photos
    /// it kept and go back to where it was.
    case months([TimelineMonth])
    /// Photos `start…` of month `section` are known (their aspects): a load's photos, or photos the
    /// client loaded itself. The photo under the top bar stays where it is on screen.
    case placed(section: Int, start: Int, aspectRatios: [Float])
    /// The cold start's hold ends: until now only the screen was mounted and loaded, so its photos had
    /// the connections to themselves.
    case release
    /// The scroll position (content y of the viewport's top) the frame at `time` took.
    case scroll(offset: Double, time: Double)
    /// The client moved the view itself (a page key, a month's link, the scrubber's drag, a photo
    /// brought into view): a jump, with no movement to measure.
    case jump(offset: Double)
    /// Home, End, Page Up or Page Down.
    case key(GalleryKey)
    /// The scrubber is being dragged (nothing loads), or it was let go.
    case scrubbing(Bool)
    /// A page the frame asked for arrived: the aspects of its photos, from its start on (none when the
    /// client placed them itself with `placed`).
    case pageArrived(id: Int32, aspectRatios: [Float], time: Double)
    /// A page failed for a transient reason.
    case pageFailed(id: Int32, time: Double)
    /// The person asks to retry now.
    case retryNow(time: Double)
    /// The clock moved with nothing else happening: retry timers fire, the velocity decays.
    case tick(time: Double)
    /// Live photos inserted at `index` of month `section`, their aspects known. At the very top the view
    /// stays there and shows them; further down, the photo under the top bar stays where it is.
    case inserted(section: Int, index: Int, aspectRatios: [Float])
    /// A live photo left month `section` at `index`; the photo under the top bar stays where it is.
    case deleted(section: Int, index: Int)
    /// The viewer opened on photo `index` of `count`, or closed (nil).
    case viewer(index: Int?, count: Int)
    /// Photos left the viewer's list (their indices before the change).
    case removed([Int])
    /// A touch (pointer `id`, viewport px) over library photo `item` (−1: none) went down, moved, or
    /// lifted or was cancelled: a long press that selects its tile at a later `tick`, then paints the
    /// selection as the finger moves over other tiles.
    case pointer(GalleryPointerPhase, x: Double, y: Double, id: Int32, time: Double, item: Int = -1)
    /// A click on a tile, a month's heading, Ctrl/Cmd+A or Esc (`GallerySelect`).
    case select(GallerySelect)
    /// The client holds `count` photos from `start` of month `section` in part (a first screen's inline
    /// photos carry what the grid draws, not what the viewer needs): the session reads them again, in
    /// full, once nothing else loads and the view rests.
    case partial(section: Int, start: Int, count: Int)
    /// The client needs the photos it holds in part in full now (the viewer or a tile's menu opens).
    case wantsFull
}

public enum GalleryKey: Int32, Sendable {
    case home = 1
    case end = 2
    /// A screen up or down, less the top bar and `GalleryPolicy.pageOverlap`.
    case pageUp = 3
    case pageDown = 4
}
