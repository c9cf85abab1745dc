/// Where the viewer flies between a tile and the screen, and how fast: a tile that shows on screen is
/// the flight's end, and a dismissing flick carries its speed into the flight back.
extension GalleryPolicy {
    /// The flight back to the tile is never faster than this (progress per second): a flick across a
    /// short distance would otherwise end it in a frame, and the tile would seem to pop.
    public static let maximumFlightVelocity: Double = 8
    /// A flight shorter than this (px) has no direction to carry a flick's speed along.
    public static let shortestFlight: Double = 1
    /// Frames an open shows the photo's flight alone: the click's frame would otherwise also style and
    /// lay out the deck's slides and the bars' text, and come late.
    public static let flightAloneFrames = 1

    /// Whether the viewer's deck and its bars still wait, `framesShown` frames after an open: while the
    /// first frames show the flight alone.
    public func deckWaits(framesShown: Int) -> Bool {
        framesShown < Self.flightAloneFrames
    }

    /// Whether the photo flies between its tile and the screen: when some of the tile, `y` px from the
    /// viewport's top and `height` high, is inside a viewport `viewportHeight` high. A tile off screen
    /// (or not laid out) has nowhere to fly to, and the viewer fades instead.
    public func tileFlies(y: Double, height: Double, viewportHeight: Double) -> Bool {
        guard y.isFinite, height.isFinite, viewportHeight.isFinite else { return false }
        return y + height > 0 && y < viewportHeight
    }

    /// The flight's starting speed back to the tile, as progress per second (0…`maximumFlightVelocity`),
    /// from the dismiss drag's release velocity (px/s, downward positive) and the flight's vertical
    /// distance (px, from the photo's centre to the tile's): a flick toward the tile keeps its speed, and
    /// one away from it, or along a flight too short to have a direction, starts from rest.
    public func closeFlightVelocity(releaseVelocity: Double, distance: Double) -> Double {
        guard releaseVelocity.isFinite, distance.isFinite else { return 0 }
        let span = distance < 0 ? -distance : distance
        guard span > Self.shortestFlight else { return 0 }
        let v = releaseVelocity / distance
        return v < 0 ? 0 : v > Self.maximumFlightVelocity ? Self.maximumFlightVelocity : v
    }

    /// The offset that brings an item `y` px down the content and `height` high into a view at `offset`
    /// that is `viewportHeight` high under a bar `topBar` high: nil when all of it shows already, else
    /// the offset that centres it in the space below the bar.
    public func revealOffset(
        y: Double, height: Double, offset: Double, topBar: Double, viewportHeight: Double
    )
        -> Double?
    {
        guard y.isFinite, height.isFinite, offset.isFinite, topBar.isFinite, viewportHeight.isFinite else {
            return nil
        }
        if y >= offset + topBar && y + height <= offset + viewportHeight { return nil }
        return y - (viewportHeight - height + topBar) / 2
    }
}
