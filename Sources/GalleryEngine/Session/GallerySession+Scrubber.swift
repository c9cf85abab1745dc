/// A year's label on the scrubber's track.
public struct ScrubberLabel: Equatable, Sendable {
    /// The month section whose header opens the year.
    public var section: Int
    public var year: Int32
    /// Its y within the track, in whole px (`ScrubberTrack.labelY`).
    public var y: Double

    public init(section: Int, year: Int32, y: Double) {
        self.section = section
        self.year = year
        self.y = y
    }
}

/// The scrubber of a session's view, for a renderer to draw: the track, the years on it, and the
/// handle's place and month for the view's offset. The web client and VitrineKit draw the same one.
public struct TimelineScrubber: Sendable {
    public let track: ScrubberTrack
    /// Each year's first month at its place on the track, top to bottom; of years closer together than
    /// a label is tall, the first stands for them.
    public let labels: [ScrubberLabel]

    /// The scrubber of `session` as its view stands now.
    public init(_ session: GallerySession) {
        let layout = session.layout
        track = ScrubberTrack(
            topBar: layout.configuration.layout.insets.top, viewportHeight: session.height,
            maximumOffset: session.maximumOffset)
        var years: [ScrubberLabel] = []
        for s in 0..<layout.sectionCount where layout.sectionOpensYear(s) {
            let year = layout.month(of: s)?.year ?? 0
            years.append(ScrubberLabel(section: s, year: year, y: track.labelY(contentY: layout.sectionTop(s))))
        }
        let ys = years.map { $0.y }
        labels = session.policy.scrubberLabels(ys).map { years[Int($0)] }
    }
}

extension GallerySession {
    /// The scrubber for the view as it stands (`ScrubberTrack.shows` says whether to draw it).
    public var scrubber: TimelineScrubber { TimelineScrubber(self) }

    /// The month the scrubber names for the view at `offset`: the one under the top bar.
    public func scrubberMonth(offset: Double) -> TimelineMonth? {
        let y = offset + layout.configuration.layout.insets.top
        return layout.section(at: y).flatMap { layout.month(of: $0) }
    }
}
