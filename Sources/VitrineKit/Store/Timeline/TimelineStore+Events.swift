import GalleryEngine
import VitrineAPI

extension TimelineStore {
    /// Reads the library's months (`GET /api/v1/timeline`) and lays them out, the view at the top; what
    /// was loaded before is dropped and its loads aborted.
    public func open() async throws {
        let timeline = try await client.timeline(query)
        let months = timeline.months.map {
            TimelineMonth(year: Int32(clamping: $0.year), month: Int32(clamping: $0.month), count: max(0, $0.count))
        }
        self.months = months
        photos = Array(repeating: [:], count: months.count)
        apply(session.handle(.months(months)))
    }

    /// The screen's size (px) and pixels per px; a new width lays the timeline out again, keeping the
    /// photo under the top bar where it is.
    public func viewport(width: Double, height: Double, density: Double = 1) {
        if width != session.width {
            var configuration = session.layout.configuration
            configuration.layout.width = width
            apply(session.handle(.layout(configuration)))
        }
        apply(session.handle(.viewport(width: width, height: height, density: density)))
    }

    /// The screen scrolled to `offset` (content y of its top).
    public func scroll(to offset: Double) { apply(session.handle(.scroll(offset: offset, time: now))) }

    /// The screen moved itself to `offset` (a month's link, a scrubber): a jump, with no movement.
    public func jump(to offset: Double) { apply(session.handle(.jump(offset: offset))) }

    /// Home, End, Page Up or Page Down: the frame's `scrollTo` is where the screen goes.
    public func key(_ key: GalleryKey) { apply(session.handle(.key(key))) }

    /// Ends the cold start's hold once the first screen's images are in: the rest of the window loads.
    public func release() { apply(session.handle(.release)) }

    /// Tries a failed page again now (the person asked).
    public func retryNow() { apply(session.handle(.retryNow(time: now))) }

    /// Waits until no load runs; the frame may still name a retry.
    public func settled() async {
        while let load = loads.values.first { await load.value }
    }

    /// Takes a frame: aborts the loads it cancels, starts those it asks for, and wakes the session at
    /// the time it names.
    func apply(_ frame: GalleryFrame) {
        self.frame = frame
        for request in frame.cancel { loads.removeValue(forKey: request.id)?.cancel() }
        for request in frame.start { load(request) }
        wake?.cancel()
        wake = nil
        if let at = frame.tickAt, at.isFinite {
            // At most a day: a retry's delay is seconds, and the session ticks again when it wakes.
            let delay = min(max(0, at - now), 86_400_000)
            let sleep = sleep
            wake = Task { [weak self] in
                do { try await sleep(.microseconds(Int64(delay * 1000))) } catch { return }
                await self?.tick()
            }
        }
        observers.yield(frame)
    }

    func tick() { apply(session.handle(.tick(time: now))) }
}
