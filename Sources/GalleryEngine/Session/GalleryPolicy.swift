/// The gallery screen's decisions and their numbers, once for every client: the web grid and viewer
/// (through the wasm exports) and the native ones. `GallerySession` applies them to its events.
public struct GalleryPolicy: Equatable, Sendable {
    /// A touch held this long (ms) without moving opens the tile's menu.
    public var longPressDuration: Double = 500
    /// A touch that moves farther than this (px) is a scroll, not a press.
    public var pressSlop: Double = 10
    /// Clicks this soon (ms) after a long press are the press's own lift, not a tap.
    public var clickSuppression: Double = 800
    /// The scroll velocity is the fit over this window (ms), not the last frame's interval: frames
    /// arrive unevenly and one frame's travel jitters.
    public var velocityWindow: Double = 100
    /// Faster than this (px/ms) the grid is in a fling: it mounts only what is on screen and plans its
    /// loads for where the screen will be when they arrive.
    public var flingSpeed: Double = 2.5
    /// Time (ms) a page takes past its round trip to reach the screen (about two frames).
    public var flingLeadSlack: Double = 32
    /// Photos per page at rest, and during a fling's lead: a fling needs a page a frame, and the
    /// browser's 6 connections carry 6 at a time, so pages twice as large halve the requests.
    public var pageSize = 200
    public var flingPageSize = 400
    /// A gap this long (ms) between scroll samples starts the velocity afresh: a frame held up, not a
    /// movement.
    public static let velocityRestart: Double = 200
    /// No scroll for this long (ms) and the scroll has stopped: the velocity is zero.
    public static let scrollIdle: Double = 150
    /// A page's round trip (ms) before any was measured, and the weight of each new one in the average.
    public static let initialRoundTrip: Double = 50
    public static let roundTripWeight: Double = 0.2
    /// Loads at a time: a fling at 2 000 rows/s needs a page a frame; 4 left it waiting for data in a
    /// third of its frames, 8 queue behind the browser's 6 connections.
    public static let maximumInFlight = 6
    /// The planner's bands ahead of a fling: as long as this much of it (ms), at most this many screens.
    public static let lookahead: Double = 500
    public static let maximumOverscan: Double = 40
    /// Tiles mounted ahead of the screen, in screens, plus what `mountTravel` ms of the scroll cover, at
    /// most `maximumMountAhead` screens; `mountBehind` screens behind it. On a cold start the window
    /// reaches `firstScreenAhead` screens ahead, as far as the server's first-screen tiles go, so that
    /// they are adopted.
    public static let mountAhead: Double = 0.5
    public static let mountTravel: Double = 250
    public static let maximumMountAhead: Double = 4
    public static let mountBehind: Double = 0.25
    public static let firstScreenAhead: Double = 1.5
    /// Mounted tiles stay until they are this many screens above the screen's top or below it, so a
    /// scroll back and forth neither drops nor remakes them (not in a fling, which keeps only the screen).
    public static let retainAbove: Double = 2
    public static let retainBelow: Double = 3
    /// The original replaces the preview once the photo is drawn this much larger than the preview's
    /// pixels.
    public var originalThreshold: Double = 1.05
    /// A key's or a button's zoom step, and the wheel's: a pinch of exp(−deltaY / wheelZoomScale).
    public var zoomStep: Double = 1.5
    public var wheelZoomScale: Double = 100
    /// Above this scale the photo counts as zoomed.
    public var zoomedScale: Double = 1.01
    /// Page Up and Page Down move by the screen below the top bar less this much (px): the row cut at
    /// the screen's edge stays in view.
    public var pageOverlap: Double = 40
    /// Year labels on the scrubber closer than this (px) than the one above are left out.
    public var scrubberLabelGap: Double = 18

    public init() {}

    /// The load planner's tuning. The scrubber stops loading by itself (`GalleryEvent.scrubbing`), so the
    /// planner's own scrub speed is out of the way.
    public var loads: TimelinePlanner.Configuration {
        var c = TimelinePlanner.Configuration()
        c.pageSize = pageSize
        c.maximumInFlight = Self.maximumInFlight
        c.scrubSpeed = 1e6
        c.margins.lookaheadMilliseconds = Self.lookahead
        c.margins.maximumOverscan = Self.maximumOverscan
        return c
    }

    // MARK: Pointer

    /// Whether a click at `time` (ms) is the lift of the long press that fired at `pressTime`.
    public func ignoresClick(at time: Double, longPressAt pressTime: Double) -> Bool {
        time - pressTime < clickSuppression
    }

    /// The tap recognizer's settings for the grid: its long press and slop are the policy's.
    public var tapConfiguration: TapRecognizer.Configuration {
        var configuration = TapRecognizer.Configuration()
        configuration.longPressDuration = longPressDuration
        configuration.slop = pressSlop
        return configuration
    }

    // MARK: Fling and loads

    public func isFling(velocity: Double) -> Bool { (velocity < 0 ? -velocity : velocity) > flingSpeed }

    /// How far (px, signed) ahead of the screen a fling plans its loads: where the screen will be when
    /// a page asked for now arrives. Zero when not in a fling.
    public func flingLead(velocity: Double, roundTrip: Double) -> Double {
        guard isFling(velocity: velocity), roundTrip.isFinite else { return 0 }
        let trip = roundTrip < 0 ? 0 : (roundTrip > 1000 ? 1000 : roundTrip)
        return velocity * (trip + flingLeadSlack)
    }

    /// Photos per page: the larger pages while a fling's lead lasts.
    public func pageSize(lead: Double) -> Int { lead == 0 ? pageSize : flingPageSize }

    /// How many screens past the viewport a load in flight stays wanted: what the screen itself has
    /// not passed yet, lead included.
    public func cancelMargin(lead: Double, viewportHeight: Double) -> Double {
        let height = viewportHeight > 1 ? viewportHeight : 1
        let screens = (lead < 0 ? -lead : lead) / height
        return screens.isFinite ? (1 + screens).rounded(.up) : 1
    }

    // MARK: Images

    /// Whether the small thumbnail (`smallWidth`×`smallHeight` px) fills a `width`×`height` tile, cover-
    /// cropped, at `density` device pixels per px: a quarter of the pixels of the thumbnail.
    public func usesSmallThumb(
        smallWidth: Double, smallHeight: Double, width: Double, height: Double, density: Double
    ) -> Bool {
        let d = density.isFinite && density > 0 ? density : 1
        return smallWidth >= width * d - 0.5 && smallHeight >= height * d - 0.5
    }

    /// Whether the viewer swaps the preview for the original: the photo is drawn at `scale` × its fitted
    /// width `fitWidth` (px) on a `density` screen, past the threshold of the preview's pixels, and the
    /// original is larger than the preview.
    public func wantsOriginal(
        scale: Double, fitWidth: Double, density: Double, previewWidth: Double, originalWidth: Double
    ) -> Bool {
        let d = density.isFinite && density > 0 ? density : 1
        return scale * fitWidth * d > previewWidth * originalThreshold && originalWidth > previewWidth
    }

    // MARK: Viewer

    /// The viewer's deck: the planner's indices, then the ±1 neighbours it left out (a swipe either way
    /// shows a photo), within 0..<count.
    public func deck(_ planned: [Int32], current: Int, count: Int) -> [Int32] {
        var deck = planned
        var neighbour = current - 1
        while neighbour <= current + 1 {
            if neighbour >= 0 && neighbour < count && neighbour != current {
                let n = Int32(truncatingIfNeeded: neighbour)
                var k = 0
                while k < deck.count && deck[k] != n { k += 1 }
                if k == deck.count { deck.append(n) }
            }
            neighbour += 1
        }
        return deck
    }

    /// What a zoom key or button does at `scale`.
    public enum ZoomCommand: Int32, Sendable {
        /// `+` or `=`: one step in, or the double tap's zoom from the fitted photo.
        case zoomIn = 1
        /// `-`: one step out while zoomed.
        case zoomOut = 2
        /// `0`: back to fitted while zoomed.
        case reset = 3
    }

    /// The result of a zoom command: a factor to zoom by, a toggle (as a double tap does), or nothing.
    public enum ZoomAction: Equatable, Sendable {
        case by(Double)
        case toggle
        case none
    }

    public func zoom(_ command: ZoomCommand, scale: Double) -> ZoomAction {
        let zoomed = scale > zoomedScale
        switch command {
        case .zoomIn: return zoomed ? .by(zoomStep) : .toggle
        case .zoomOut: return zoomed ? .by(1 / zoomStep) : .none
        case .reset: return zoomed ? .toggle : .none
        }
    }

    /// How long a slideshow shows each photo (ms).
    public var slideshowInterval: Double = 4000

    /// A slideshow on photo `current` of `count`: the time (ms) until it moves to the next photo, or nil
    /// when it ends there (the last photo stays).
    public func slideshowDelay(current: Int, count: Int) -> Double? {
        current >= 0 && current < count - 1 ? slideshowInterval : nil
    }

    /// The expiries a new share link offers, in days from its creation (0: it never expires): a day for
    /// a quick look, a week for an event's guests, a month for a family, as Google Photos and Immich
    /// offer them. Static, so that the policy every screen makes carries no array.
    public static let linkExpiryDays: [Int] = [0, 1, 7, 30]

    /// The `k`th expiry a share link offers (days, 0: never), or nil past the last.
    public static func linkExpiry(_ k: Int) -> Int? {
        k >= 0 && k < linkExpiryDays.count ? linkExpiryDays[k] : nil
    }

    /// The factor a wheel turn of `deltaY` (px) zooms by, with the pinch modifier held.
    public func wheelZoom(deltaY: Double) -> Double {
        deltaY.isFinite ? EngineMath.exp(-deltaY / wheelZoomScale) : 1
    }

    /// The photo the viewer shows after the list changed under it, as an index into the old list: the
    /// open photo if it stayed, else the nearest one after it that stayed, else before it; nil when none
    /// did. `stays(i)` says whether the old list's photo `i` is still there.
    public static func follow(current: Int, oldCount: Int, stays: (Int) -> Bool) -> Int? {
        guard current >= 0, current < oldCount else { return nil }
        var k = current
        while k < oldCount {
            if stays(k) { return k }
            k += 1
        }
        k = current - 1
        while k >= 0 {
            if stays(k) { return k }
            k -= 1
        }
        return nil
    }

    // MARK: Scrubber

    /// Which year labels the scrubber draws, given each year's y on the track (ascending): a year
    /// closer than the gap to the last one drawn is left out, the one above standing for both.
    public func scrubberLabels(_ ys: [Double]) -> [Int32] {
        var kept: [Int32] = []
        var last = -Double.infinity
        var k = 0
        while k < ys.count {
            if ys[k] - last >= scrubberLabelGap {
                kept.append(Int32(truncatingIfNeeded: k))
                last = ys[k]
            }
            k += 1
        }
        return kept
    }
}

extension GalleryPolicy {
    /// An image file format a variant may come in.
    public enum ImageFormat: Int32, Sendable {
        case jpeg = 0
        case webP = 1
        case avif = 2
    }

    /// The format to ask for: the smallest one the browser decodes that the variant comes in (AVIF, then
    /// WebP), else JPEG, which every variant has.
    public func imageFormat(decodesAVIF: Bool, decodesWebP: Bool, hasAVIF: Bool, hasWebP: Bool) -> ImageFormat {
        if decodesAVIF && hasAVIF { return .avif }
        if decodesWebP && hasWebP { return .webP }
        return .jpeg
    }
}
