/// The waits and sizes a gallery client's screens decide by, beside the session's own: how long a
/// search waits for typing to pause, how long the old filter's tiles wait for the new photos, how long
/// the first screen waits for its thumbnails, how long a toast stays, how often the place in time is kept,
/// how many photos a page or a batch by id holds, how many tags the bar offers, and where a menu may sit.
public struct ClientPolicy: Equatable, Sendable {
    /// A search runs once typing has paused this long (ms).
    public var searchPause: Double = 250
    /// A filtered view asks the server again this long after the last live change (ms): a burst of
    /// uploads is one request.
    public var requeryPause: Double = 300
    /// The tag list is read again this long after the last live change (ms).
    public var tagsPause: Double = 1000
    /// The old filter's tiles that no new photo took over fade out after this (ms), if the new photos
    /// have not all arrived by then.
    public var filterLeave: Double = 2000
    /// The first screen is revealed when its thumbnails arrived, or after this (ms).
    public var firstScreenWait: Double = 600
    /// The grid waits this long at most for the photos of the places on screen (ms).
    public var gridReadyWait: Double = 1000
    /// The server's first-screen thumbnails have this long to arrive before the grid takes their
    /// tiles over (ms): one slow image does not hold the app back.
    public var serverTilesArrival: Double = 300
    /// A server thumbnail that did arrive has this long to reach the screen before the grid takes it
    /// over (ms). Presenting a loaded image waits for frames, not the network, so this only guards a
    /// browser that never reports the paint; moving it earlier would drop that paint.
    public var serverTilesPaint: Double = 2000
    /// A toast reads this long before it goes (ms), longer while the pointer or the focus is on it.
    public var toastFor: Double = 2500
    /// A toast that offers Undo stays this long (ms): time to read it and reach the button.
    public var undoFor: Double = 10000
    /// The viewer asks for a photo's details (its place or camera) once it has stayed on it this long
    /// (ms): a run of swipes asks for none of the photos it passes.
    public var detailsPause: Double = 150
    /// The place in time is written into the history entry (for Back and reload) at most this often (ms)
    /// while the grid scrolls: `history.replaceState` is throttled by browsers past a few calls a second.
    public var placeKeep: Double = 250
    /// What the first screen does not need waits for the browser to be idle, at most this long (ms); a
    /// browser without idle callbacks waits `idleFallback` (ms).
    public var idleWait: Double = 300
    public var idleFallback: Double = 50
    /// A hidden tab gets no animation frames: its live changes are applied after this (ms) instead.
    public var hiddenFlush: Double = 50
    /// A photo whose width or height is unknown (or not positive) lays out, and opens, at this aspect
    /// ratio: the average photo's, as the months not loaded yet are estimated by.
    public var unknownAspect = GridGeometry.averageAspectRatio
    /// Photos per page loaded outside the session's plan (a deep link, the viewer's deck).
    public var pageSize = 200
    /// The server's largest page.
    public var largestPage = 400
    /// Photos a download or a move to the trash names one by one at most.
    public var batchByID = 500
    /// The tag bar offers the most used tags, at most this many besides those the filter holds: a row a
    /// glance takes in, with the tag sheet for the rest.
    public var tagChips = 12
    /// Entries a list screen (the trash) reads at a time: a screenful of cards and more, in one request.
    public var listPage = 100
    /// The old filter's tiles fade out over this long (ms), then leave the page.
    public var tileFade: Double = 300
    /// A tile's menu keeps this far (px) from the window's edges, and opens this far into a tile that
    /// the keyboard named.
    public var menuMargin: Double = 8
    /// ThumbHashes are decoded for at most this long per frame (ms): about four, so a screenful of them
    /// never holds a frame of a scroll or the viewer's first.
    public var hashBudget: Double = 4
    /// Ranges and ids one bulk request carries at most: the server's limits (`Selection.maximumRanges`,
    /// `Selection.maximumIds`), past which a selection goes in several requests.
    public var selectionRanges = 100
    public var selectionIDs = 10_000

    public init() {}

    /// The value numbered `key` (the wasm export's numbering), or nil.
    public func value(_ key: Int) -> Double? {
        switch key {
        case 1: return searchPause
        case 2: return requeryPause
        case 3: return tagsPause
        case 4: return filterLeave
        case 5: return firstScreenWait
        case 6: return gridReadyWait
        case 7: return Double(pageSize)
        case 8: return Double(largestPage)
        case 9: return Double(batchByID)
        case 10: return serverTilesArrival
        case 11: return serverTilesPaint
        case 12: return toastFor
        case 13: return undoFor
        case 14: return detailsPause
        case 15: return placeKeep
        case 16: return idleWait
        case 17: return idleFallback
        case 18: return hiddenFlush
        case 19: return unknownAspect
        case 20: return Double(tagChips)
        case 21: return Double(listPage)
        case 22: return tileFade
        case 23: return menuMargin
        case 24: return hashBudget
        case 25: return Double(selectionRanges)
        case 26: return Double(selectionIDs)
        default: return nil
        }
    }
}
