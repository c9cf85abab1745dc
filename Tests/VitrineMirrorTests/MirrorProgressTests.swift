import Testing

@testable import VitrineMirror

/// The progress bar counts the photos no page has listed yet as to fetch, so a first mirror of a large
/// library shows its size from the first page, not a bar that fills at every page.
@Suite struct MirrorProgressTests {
    @Test func photosNotListedYetCountTowardsTheBarUntilTheirPageSays() {
        let progress = MirrorProgress()
        progress.update {
            $0.toFetch = 16
            $0.unlisted = 184
            $0.downloaded = 50
            $0.bytesToFetch = 16_000_000
        }
        let listing = progress.barLine()
        #expect(listing.contains(" 50/200 files") && listing.contains("/16.0+ MB"), "\(listing)")
        #expect(listing.filter { $0 == "█" }.count == 7)

        progress.update {
            $0.toFetch = 200
            $0.unlisted = 0
            $0.downloaded = 200
            $0.bytesToFetch = 200_000_000
        }
        let done = progress.barLine()
        #expect(done.contains(" 200/200 files") && done.contains("/200.0 MB") && !done.contains("+"), "\(done)")
        #expect(done.filter { $0 == "█" }.count == 30)
    }

    @Test func aServersTotalOutOfRangeNeitherTrapsNorCountsBelowZero() {
        #expect(MirrorListing.unlisted(total: Int.min, listed: 16) == 0)
        #expect(MirrorListing.unlisted(total: 10, listed: 16) == 0)
        #expect(MirrorListing.unlisted(total: Int.max, listed: 16) == Int.max - 16)
        let progress = MirrorProgress()
        progress.update {
            $0.toFetch = 16
            $0.unlisted = Int.max
            $0.downloaded = 3
        }
        #expect(progress.barLine().contains(" 3/\(Int.max) files"))
    }
}
