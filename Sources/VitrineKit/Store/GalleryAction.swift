import VitrineAPI

/// What can happen to a gallery: the grid scrolls, the viewer opens and travels, the server changes.
public enum GalleryAction: Sendable {
    /// Fetches the next page (the first one if none is loaded); clears a paging failure.
    case loadMore
    /// The grid shows the item at `index`: loads the first page if none is loaded, and the next one when
    /// `index` is within 10 of the end of what is loaded.
    case visible(index: Int)
    /// Opens the viewer on the photo at `index` (ignored when there is none).
    case open(index: Int)
    /// The next (older) photo: a tap on "next" or a completed swipe; stays on the last loaded photo.
    case next
    /// The previous (newer) photo; stays on the first.
    case previous
    /// Closes the viewer.
    case close
    /// Change-feed messages (`ChangeFeed.Event.change`), oldest first. With a text or tag filter, whose
    /// matches only the server knows, any message but a delete also fetches the loaded range again (as
    /// `.reset` does), so a photo that starts or stops matching comes in or goes out as a diff.
    case apply([ChangeMessage])
    /// Fetches the loaded range again and applies the differences (after the feed's `.reset`, or a pull
    /// to refresh): observers get insertions, removals and moves, never a reload.
    case reset
}
