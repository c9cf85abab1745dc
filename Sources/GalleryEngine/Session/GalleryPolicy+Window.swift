/// The bands of content a gallery screen keeps in its DOM (or views): what it mounts around the screen,
/// and how far mounted tiles may drift before they go.
extension GalleryPolicy {
    /// The band to mount for a screen at `offset`, `height` px high, scrolling at `velocity` px/ms: the
    /// screen alone in a fling (the window ahead would be several screens long, and its images would
    /// arrive after it went by), else the screen with `ahead` screens in the direction of travel (plus
    /// what the scroll covers in `mountTravel` ms) and `mountBehind` screens behind it.
    public func mountBand(offset: Double, height: Double, velocity: Double, ahead: Double) -> GalleryBand {
        if isFling(velocity: velocity) { return GalleryBand(top: offset, bottom: offset + height) }
        let speed = velocity < 0 ? -velocity : velocity
        let reach = height * ahead + speed * Self.mountTravel
        let front = reach < height * Self.maximumMountAhead ? reach : height * Self.maximumMountAhead
        let back = height * Self.mountBehind
        return velocity < 0
            ? GalleryBand(top: offset - front, bottom: offset + height + back)
            : GalleryBand(top: offset - back, bottom: offset + height + front)
    }

    /// The band whose mounted tiles stay: `retainAbove` screens above the screen and `retainBelow` below
    /// its top, or only the screen in a fling.
    public func retainBand(offset: Double, height: Double, velocity: Double) -> GalleryBand {
        if isFling(velocity: velocity) { return GalleryBand(top: offset, bottom: offset + height) }
        return GalleryBand(top: offset - Self.retainAbove * height, bottom: offset + Self.retainBelow * height)
    }
}
