/// The session's loads: what to start for where the screen is (or will be when they arrive), their
/// round trips, and the retry timers after a failure.
extension GallerySession {
    /// The loads for where the screen is, or will be when they arrive. While the cold start holds, only
    /// the screen's; after a failure until its retry time, or while the scrubber is dragged, none. Loads
    /// the planner lets go are left to arrive (the server answers them anyway, and their photos are good
    /// ones to have), but they count against the loads at a time until they do, so a fast scrub or fling
    /// never has the server answer more than that at once.
    func plan(_ frame: inout GalleryFrame) {
        let lead = scrubbing ? 0 : policy.flingLead(velocity: velocity, roundTrip: roundTrip)
        planner.configuration.pageSize = policy.pageSize(lead: lead)
        planner.configuration.cancelMargin = policy.cancelMargin(lead: lead, viewportHeight: height)
        let at = clamp(offset + lead)
        let blocked = scrubbing || retryAt != nil || failureStands
        let p = planner.plan(
            layout: layout, contentOffset: at, viewportHeight: height, velocity: scrubbing ? 1e9 : velocity)
        let screen = holding && !blocked ? layout.spans(top: at, bottom: at + height) : []
        for r in p.requests {
            if blocked || sent.count >= GalleryPolicy.maximumInFlight || (holding && !Self.overlaps(r, screen)) {
                planner.finish(id: r.id)
            } else {
                frame.start.append(r)
                sent.append(r)
                sentTimes.append(now)
            }
        }
        if !blocked { planCompletion(&frame) }
    }

    static func overlaps(_ r: TimelineRequest, _ spans: [TimelineSpan]) -> Bool {
        for s in spans where s.section == r.section && s.items.overlaps(r.items) { return true }
        return false
    }

    /// Load `id` is over (arrived or failed): it leaves the planner and the loads sent, and its round
    /// trip joins the average. Nil when the session did not send it or forgot it (a replaced library).
    func arrived(_ id: Int32) -> TimelineRequest? {
        var k = 0
        while k < sent.count && sent[k].id != id { k += 1 }
        guard k < sent.count else { return nil }
        let request = sent.remove(at: k)
        let trip = now - sentTimes.remove(at: k)
        planner.finish(id: id)
        if trip.isFinite && trip >= 0 {
            let w = GalleryPolicy.roundTripWeight
            let average = (1 - w) * roundTrip + w * trip
            roundTrip = average < 1000 ? average : 1000
        }
        return request
    }

    /// A failure starts a wait, unless one is running: the loads in flight that fail with it belong to
    /// the same outage, and count once.
    func failed() {
        guard retryAt == nil, !failureStands else { return }
        failures += 1
        if let delay = retry.delay(afterFailures: failures) {
            retryAt = now + delay
        } else {
            retryAt = nil
            failureStands = true
        }
    }
}
