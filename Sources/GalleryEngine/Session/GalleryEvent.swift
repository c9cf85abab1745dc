/// What happens to a gallery screen, as the session takes it. Times are ms on one clock (the frame
/// time in a browser).
public enum GalleryEvent {
    /// The viewport's size (px) and its device pixels per px: a resize or a rotation.
    case viewport(width: Double, height: Double, density: Double)
    /// The library's months (newest first): the first timeline, or the one of a new filter. What was
    /// loaded and in flight is dropped, and the view goes to the top.
    case months([TimelineMonth])
    /// The scroll position (content y of the viewport's top) the frame at `time` took.
    case scroll(offset: Double, time: Double)
    /// Home or End.
    case key(GalleryKey)
    /// The scrubber is being dragged (nothing loads), or it was let go.
    case scrubbing(Bool)
    /// A page the frame asked for arrived: the aspects of its photos, from its start on.
    case pageArrived(id: Int32, aspectRatios: [Float], time: Double)
    /// A page failed for a transient reason.
    case pageFailed(id: Int32, time: Double)
    /// The person asks to retry now.
    case retryNow(time: Double)
    /// The clock moved with nothing else happening: retry timers fire, the velocity decays.
    case tick(time: Double)
    /// Live photos inserted at `index` of month `section`, their aspects known.
    case inserted(section: Int, index: Int, aspectRatios: [Float])
    /// The viewer opened on photo `index` of `count`, or closed (nil).
    case viewer(index: Int?, count: Int)
    /// Photos left the viewer's list (their indices before the change).
    case removed([Int])
}

public enum GalleryKey: Int32, Sendable {
    case home = 1
    case end = 2
}
