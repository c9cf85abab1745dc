/// The scroll velocity: the distance over the policy's window of samples, timed by the frames that took
/// them. Scroll positions land at uneven times within frames, so one sample's distance over its own
/// interval swings severalfold at a steady speed, and a fling's lead (velocity × round trip) with it.
extension GallerySession {
    /// Adds the sample at `now` and measures from the oldest one the window still needs: the last one at
    /// least a window before it, so the distance spans the whole window.
    func sample(_ y: Double) {
        trailTimes.append(now)
        trailOffsets.append(y)
        while trailTimes.count > 2 && now - trailTimes[1] >= policy.velocityWindow {
            trailTimes.remove(at: 0)
            trailOffsets.remove(at: 0)
        }
        let span = now - trailTimes[0]
        if span > 0 {
            velocity = (y - trailOffsets[0]) / span
        } else if trailTimes.count == 1 {
            velocity = 0
        }
        lastSample = now
    }
}
