import Catalog
import Foundation
import TestSupport
import Testing

/// A video clip is a catalog item like a photo, with its kind, its duration and its container's MIME type kept
/// through every read: one photo, a batch, a page, a search, the trash and back.
@Suite struct MediaKindContractTests {
    let folder = TemporaryDirectory("contract-media-kind")

    static func clip(takenAt: Int64, duration: Double?) -> PhotoRecord {
        var clip = Samples.record(takenAt: takenAt)
        clip.kind = .video
        clip.duration = duration
        clip.format = "mov"
        clip.mimeType = "video/quicktime"
        clip.originalName = "\(clip.id).mov"
        // Measured, as an import does: a record without it reads back with the catalog's estimate.
        clip.colorfulness = 0.25
        return clip
    }

    @Test(arguments: CatalogUnderTest.all)
    func aClipKeepsItsKindDurationAndTypeThroughEveryRead(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photo = try await Samples.insert(catalog, takenAt: 1)
        let clip = Self.clip(takenAt: 2, duration: 2.5)
        try await catalog.insert(clip, variants: Samples.variants(for: clip.id), tags: ["holiday"])
        let silent = Self.clip(takenAt: 3, duration: nil)
        try await catalog.insertMany([(silent, Samples.variants(for: silent.id), [])])

        let read = try #require(try await catalog.photo(id: clip.id)?.photo)
        #expect(read == clip)
        #expect(read.kind == .video && read.duration == 2.5 && read.mimeType == "video/quicktime")
        #expect(try await catalog.photo(id: photo.id)?.photo.kind == .photo)
        #expect(try await catalog.photo(id: photo.id)?.photo.duration == nil)
        #expect(try await catalog.photo(contentHash: clip.contentHash) == clip)
        #expect(try await catalog.photos(ids: [silent.id])[silent.id]?.photo == silent)

        let page = try await catalog.page(after: nil, offset: 0, limit: 10, filter: PhotoFilter())
        #expect(
            page.items.map { "\($0.photo.kind.rawValue):\($0.photo.duration.map { "\($0)" } ?? "-")" } == [
                "video:-", "video:2.5", "photo:-",
            ])
        let tagged = try await catalog.page(after: nil, offset: 0, limit: 10, filter: PhotoFilter(tags: ["holiday"]))
        #expect(tagged.items.map(\.photo) == [clip])

        // Pixabay's image and video searches: one kind each, both when none is asked for.
        var search = CompatSearch()
        #expect(try await catalog.compatSearch(search).total == 3)
        search.kind = .video
        let clips = try await catalog.compatSearch(search)
        #expect(clips.total == 2 && Set(clips.items.map(\.photo.id)) == [clip.id, silent.id])
        search.kind = .photo
        #expect(try await catalog.compatSearch(search).items.map(\.photo.id) == [photo.id])
    }

    @Test(arguments: CatalogUnderTest.all)
    func aTrashedClipComesBackAClip(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let clip = Self.clip(takenAt: 5, duration: 10_799.25)
        try await catalog.insert(clip, variants: Samples.variants(for: clip.id), tags: [])
        _ = try await catalog.trash(id: clip.id)
        #expect(try await catalog.trashedPhoto(id: clip.id)?.item.photo.kind == .video)
        #expect(try await catalog.restore(id: clip.id) == .restored)
        #expect(try await catalog.photo(id: clip.id)?.photo == clip)
    }

    @Test(arguments: [Double.nan, -1, .infinity, -.infinity])
    func aDurationThatIsNoLengthIsNotKept(_ duration: Double) {
        let clip = PhotoRecord(
            id: "v", contentHash: "h", originalName: "v.mp4", format: "mp4", mimeType: "video/mp4", byteSize: 1,
            width: 2, height: 2, takenAt: 0, takenAtSource: "file", thumbHash: Data(), averageColor: "#000000",
            importedAt: 0, updatedAt: 0, kind: .video, duration: duration)
        #expect(clip.duration == nil)
        #expect(MediaKind(stored: "hologram") == .photo)
    }
}
