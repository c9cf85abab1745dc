/// The scroll velocity: the distance over the policy's window of samples, timed by the frames that took
/// them. Scroll positions land at uneven times within frames, so one sample's distance over its own
/// interval swings severalfold at a steady speed, and a fling's lead (velocity × round trip) with it.
extension GallerySession {
    /// Samples kept at most: a window's worth at 120 frames a second.
    static let trailCapacity = 16

    /// Adds the sample at `t` and measures from the oldest one the window still needs: the last one at
    /// least a window before it, so the distance spans the whole window.
    func sample(_ y: Double, at t: Double) {
        if trailCount == Self.trailCapacity { dropOldestSample() }
        trail[2 * trailCount] = t
        trail[2 * trailCount + 1] = y
        trailCount += 1
        while trailCount > 2 && t - trail[2] >= policy.velocityWindow { dropOldestSample() }
        let span = t - trail[0]
        if span > 0 {
            velocity = (y - trail[1]) / span
        } else if trailCount == 1 {
            velocity = 0
        }
        lastSample = t
    }

    func dropOldestSample() {
        trailCount -= 1
        var k = 0
        while k < 2 * trailCount {
            trail[k] = trail[k + 2]
            k += 1
        }
    }
}
