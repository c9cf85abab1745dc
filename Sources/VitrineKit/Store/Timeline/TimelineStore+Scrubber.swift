import GalleryEngine

extension TimelineStore {
    /// The scrubber as the view stands, the web client's own: its track (draw it when `track.shows`),
    /// its year labels, and through `track` the handle's place for an offset and the offset a drag
    /// point stands for.
    public var scrubber: TimelineScrubber { session.scrubber }

    /// The month the scrubber's bubble names for the view at `offset` (the one under the top bar).
    public func scrubberMonth(offset: Double) -> TimelineMonth? { session.scrubberMonth(offset: offset) }

    /// A drag on the scrubber began (`true`) or ended: while it lasts nothing loads, and the month it
    /// stops on loads as soon as it ends.
    public func scrubbing(_ on: Bool) { apply(session.handle(.scrubbing(on))) }

    /// The scrubber was dragged to window y `y`: the view jumps to the offset that point stands for.
    /// Returns that offset, for the screen to scroll to.
    @discardableResult
    public func scrub(toY y: Double) -> Double {
        let offset = session.scrubber.track.offset(y: y)
        jump(to: offset)
        return offset
    }
}
