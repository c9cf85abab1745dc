import Testing

@testable import GalleryEngine

/// The scrubber a session gives its renderer: the track for its view, a label for each year at its
/// first month, years too close together kept once, and the month under the top bar.
@Suite struct GallerySessionScrubberTests {
    /// Ten 4:3 columns on a 1000 px screen 800 px tall under a 60 px bar, with month and year headers.
    static let configuration: TimelineConfiguration = {
        var c = TimelineConfiguration(
            layout: .grid(width: 1000, minimumTileWidth: 100, headerHeight: 36), yearHeaderHeight: 36)
        c.layout.insets.top = 60
        return c
    }()

    static func session(_ months: [TimelineMonth]) -> GallerySession {
        let session = GallerySession(configuration: configuration)
        _ = session.handle(.viewport(width: 1000, height: 800, density: 1))
        _ = session.handle(.months(months))
        return session
    }

    /// `counts` months, newest first, from December 2024 back.
    static func months(_ counts: [Int]) -> [TimelineMonth] {
        counts.enumerated().map { k, count in
            TimelineMonth(year: Int32(2024 - k / 12), month: Int32(12 - k % 12), count: count)
        }
    }

    @Test func eachYearIsLabelledAtItsFirstMonthsPlaceOnTheTrack() throws {
        // Three years of 1 200 photos a month: each year's first month (December) opens it.
        let session = Self.session(Self.months([Int](repeating: 1_200, count: 36)))
        let scrubber = session.scrubber
        #expect(scrubber.track.shows)
        #expect(scrubber.track.top == 68 && scrubber.track.height == 800 - 68 - 24)
        #expect(scrubber.track.maximumOffset == session.maximumOffset)
        #expect(scrubber.labels.map { $0.year } == [2024, 2023, 2022])
        #expect(scrubber.labels.map { $0.section } == [0, 12, 24])
        for label in scrubber.labels {
            let y = scrubber.track.labelY(contentY: session.layout.sectionTop(label.section))
            #expect(label.y == y)
        }
        #expect(scrubber.labels[0].y == 0)
        #expect(scrubber.labels[1].y > scrubber.labels[0].y && scrubber.labels[2].y > scrubber.labels[1].y)
    }

    @Test func ofYearsCloserThanALabelTheFirstStandsForThem() {
        // A large year, then years of one photo each: their labels would overlap at the track's end.
        var counts = [Int](repeating: 3_000, count: 12)
        counts += [Int](repeating: 1, count: 48)
        let session = Self.session(Self.months(counts))
        let labels = session.scrubber.labels
        #expect(labels.first?.year == 2024)
        let gap = session.policy.scrubberLabelGap
        for (a, b) in zip(labels, labels.dropFirst()) { #expect(b.y - a.y >= gap, "\(a.year) and \(b.year)") }
        #expect(labels.count < 5, "the five years can't all show")
        #expect(labels.count >= 2)
    }

    @Test func aShortLibraryHasNoScrubber() {
        let session = Self.session(Self.months([30]))
        #expect(!session.scrubber.track.shows)
        #expect(session.scrubber.labels.map { $0.year } == [2024])
    }

    @Test func theMonthNamedIsTheOneUnderTheTopBar() throws {
        let session = Self.session(Self.months([Int](repeating: 1_200, count: 36)))
        #expect(session.scrubberMonth(offset: 0)?.month == 12)
        let march = session.layout.sectionTop(9)
        let month = try #require(session.scrubberMonth(offset: march - 60 + 1))
        #expect(month.year == 2024 && month.month == 3)
        #expect(session.scrubberMonth(offset: march - 60 - 1)?.month == 4)
        #expect(Self.session([]).scrubberMonth(offset: 0) == nil)
    }

}
