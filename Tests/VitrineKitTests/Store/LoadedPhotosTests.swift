import GalleryEngine
import Testing
import VitrineAPI

@testable import VitrineKit

/// GalleryEngine's live-change rules on the store's list of loaded pages, on made-up photos.
@Suite struct LoadedPhotosTests {
    /// A photo taken `hour` hours into 2020-01-01 (UTC), as a page lists it.
    static func photo(_ id: String, hour: Int, title: String = "") -> PhotoSummary {
        let variant = VariantInfo(url: "/assets/\(id)", width: 4, height: 3)
        return PhotoSummary(
            id: id, width: 4, height: 3, title: title, takenAt: "2020-01-01T\(hour < 10 ? "0" : "")\(hour):00:00Z",
            placeholder: Placeholder(thumbHash: "", averageColor: "#000000"), thumb: variant, preview: variant,
            original: variant)
    }

    static func message(_ kind: String, _ photo: PhotoSummary, seq: Int64 = 1) -> ChangeMessage {
        ChangeMessage(
            seq: seq, kind: kind, id: photo.id, sortKey: ChangeMessage.SortKey(photo: photo)!,
            photo: kind == "delete" ? nil : photo, total: 0)
    }

    /// Newest first: hours 20, 18, 16, 14.
    let items = [photo("d", hour: 20), photo("c", hour: 18), photo("b", hour: 16), photo("a", hour: 14)]
    let partial = LiveChangeRules(boundedAbove: true, boundedBelow: false, keepsGaps: false)

    @Test func aNewPhotoGoesToItsPlaceWhenItIsWithinTheLoadedRange() {
        let middle = Self.photo("m", hour: 17)
        #expect(partial.apply([Self.message("insert", middle)], to: items).map(\.id) == ["d", "c", "m", "b", "a"])
        let older = Self.photo("o", hour: 1)
        #expect(partial.apply([Self.message("insert", older)], to: items).map(\.id) == ["d", "c", "b", "a"])
        var complete = partial
        complete.boundedBelow = true
        #expect(complete.apply([Self.message("insert", older)], to: items).map(\.id) == ["d", "c", "b", "a", "o"])
        var below = partial
        below.boundedAbove = false
        let newest = Self.photo("n", hour: 23)
        #expect(below.apply([Self.message("insert", newest)], to: items).map(\.id) == ["d", "c", "b", "a"])
        #expect(partial.apply([Self.message("insert", newest)], to: items).map(\.id) == ["n", "d", "c", "b", "a"])
    }

    @Test func theSameTimeOrdersByTheLargerIDFirst() {
        let twin = Self.photo("bz", hour: 16)
        #expect(partial.apply([Self.message("insert", twin)], to: items).map(\.id) == ["d", "c", "bz", "b", "a"])
    }

    @Test func updatesStayInPlaceOrMoveWithTheirTimeAndDeletesGo() {
        let renamed = Self.photo("c", hour: 18, title: "new")
        let updated = partial.apply([Self.message("update", renamed)], to: items)
        #expect(updated.map(\.id) == ["d", "c", "b", "a"] && updated[1].title == "new")
        let moved = partial.apply([Self.message("update", Self.photo("c", hour: 15))], to: items)
        #expect(moved.map(\.id) == ["d", "b", "c", "a"])
        let deleted = partial.apply([Self.message("delete", items[2]), Self.message("delete", items[2])], to: items)
        #expect(deleted.map(\.id) == ["d", "c", "a"])
    }

    @Test func applyingAMessageTwiceChangesNothingMore() {
        let messages = [Self.message("insert", Self.photo("m", hour: 17)), Self.message("delete", items[0])]
        let once = partial.apply(messages, to: items)
        #expect(partial.apply(messages, to: once) == once)
    }

    @Test func aFilteredListTakesNoNewPhotos() {
        let filtered = LiveChangeRules(boundedAbove: true, boundedBelow: true, keepsGaps: false, isFiltered: true)
        #expect(filtered.apply([Self.message("insert", Self.photo("m", hour: 17))], to: items) == items)
        #expect(filtered.apply([Self.message("delete", items[0])], to: items).count == 3)
    }

    @Test func aTimeWithoutAZoneSortsAsUTC() {
        var floating = Self.photo("f", hour: 0)
        floating.takenAt = "2020-01-01T17:00:00"
        #expect(ChangeMessage.SortKey(photo: floating) == ChangeMessage.SortKey(takenAt: 1_577_898_000_000, id: "f"))
        floating.takenAt = "2020-01-01T19:00:00+02:00"
        #expect(ChangeMessage.SortKey(photo: floating)?.takenAt == 1_577_898_000_000)
        floating.takenAt = "yesterday"
        #expect(ChangeMessage.SortKey(photo: floating) == nil)
    }
}
