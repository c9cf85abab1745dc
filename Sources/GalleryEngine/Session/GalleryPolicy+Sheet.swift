extension GalleryPolicy {
    /// A sheet dragged down by its grab bar (the viewer's info panel) closes past this distance (px)...
    public static let sheetDismissDistance: Double = 80
    /// ...or on a flick: farther than this (px), faster than this on average (px/ms).
    public static let sheetFlickDistance: Double = 10
    public static let sheetFlickSpeed: Double = 0.5

    /// Whether a sheet let go `distance` px below where the drag began, `duration` ms after it began,
    /// closes; otherwise it springs back. A drag upward never closes it. The speed is the drag's average:
    /// a grab bar's drag is short, and a person flicks it in one movement.
    public func sheetDismisses(distance: Double, duration: Double) -> Bool {
        guard distance.isFinite, duration.isFinite else { return false }
        if distance > Self.sheetDismissDistance { return true }
        let speed = distance / (duration > 1 ? duration : 1)
        return distance > Self.sheetFlickDistance && speed > Self.sheetFlickSpeed
    }
}
