import Catalog
import TestSupport
import Testing
import VitrineCore

/// `ShareLinks`' upload log and upload-only links, on every catalog: a link stores whether it shows its
/// photos, and each upload through it is logged once, outliving the link and the photo's trash.
@Suite struct LinkUploadsContractTests {
    let folder = TemporaryDirectory("contract-link-uploads")

    @Test(arguments: CatalogUnderTest.all)
    func aLinksUploadsAreLoggedOnceAndOutliveItsPhotosAndItself(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        var entries: [(photo: PhotoRecord, variants: [VariantRecord], tags: [String])] = []
        for n in 0..<3 {
            let photo = Samples.record(takenAt: 1_500_000_000_000 + Int64(n) * 86_400_000)
            entries.append((photo, Samples.variants(for: photo.id), []))
        }
        try await catalog.insertMany(entries)
        let ids = entries.map(\.photo.id)
        let drop = LinkRecord(slug: "drop-link-slug-012345678", createdAt: 1, allowsUpload: true, showsPhotos: false)
        try await catalog.createLink(drop, photos: nil)
        let other = LinkRecord(slug: "other-link-slug-01234567", createdAt: 2)
        try await catalog.createLink(other, photos: nil)
        #expect(try await catalog.link(slug: drop.slug)?.showsPhotos == false)
        #expect(try await catalog.link(slug: other.slug)?.showsPhotos == true)
        var shown = drop
        shown.showsPhotos = true
        #expect(try await catalog.updateLink(shown))
        #expect(try await catalog.link(slug: drop.slug)?.showsPhotos == true)

        #expect(try await catalog.linkUploadCount(slug: drop.slug) == 0)
        #expect(try await catalog.recordLinkUpload(slug: drop.slug, photoId: ids[0], at: 10, limit: 2))
        #expect(try await catalog.recordLinkUpload(slug: drop.slug, photoId: ids[0], at: 11, limit: 2))
        #expect(try await catalog.recordLinkUpload(slug: drop.slug, photoId: ids[1], at: 12, limit: 2))
        #expect(try await catalog.recordLinkUpload(slug: other.slug, photoId: ids[1], at: 9, limit: 2))
        #expect(
            try await !catalog.recordLinkUpload(slug: drop.slug, photoId: ids[2], at: 13, limit: 2),
            "the link took its two uploads")
        #expect(try await catalog.recordLinkUpload(slug: drop.slug, photoId: ids[1], at: 14, limit: 2), "known")
        #expect(try await catalog.linkUploadCount(slug: drop.slug) == 2, "the same photo twice is one upload")
        #expect(try await catalog.linkUploadCount(slug: other.slug) == 1)
        #expect(try await catalog.uploadLinks(photoId: ids[1]) == [other.slug, drop.slug], "oldest first")
        #expect(try await catalog.uploadLinks(photoId: ids[2]).isEmpty)

        _ = try await catalog.trash(id: ids[0])
        _ = try await catalog.purgeTrash(trashedBefore: nil)
        #expect(try await catalog.deleteLink(slug: drop.slug))
        #expect(try await catalog.linkUploadCount(slug: drop.slug) == 2, "a log: the photo and the link may go")
        #expect(try await catalog.uploadLinks(photoId: ids[0]) == [drop.slug])
    }

    /// A link's page and its files are kept per feed position: a photo joining or leaving the link's own
    /// set moves the feed, once per photo that changed.
    @Test(arguments: CatalogUnderTest.all)
    func photosJoiningOrLeavingALinkMoveTheFeed(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let photos = (0..<2).map { Samples.record(takenAt: 1_500_000_000_000 + Int64($0)) }
        try await catalog.insertMany(photos.map { ($0, Samples.variants(for: $0.id), []) })
        let link = LinkRecord(slug: "feed-link-slug-0123456789", createdAt: 1, allowsUpload: true)
        try await catalog.createLink(link, photos: PhotoSelection(ids: [photos[0].id]))
        let start = try await catalog.latestChangeSeq()
        #expect(try await catalog.add(PhotoSelection(ids: [photos[1].id]), to: .link(link.slug)) == 1)
        let added = try await catalog.latestChangeSeq()
        #expect(added > start, "a visitor's upload joining the link")
        #expect(try await catalog.changes(after: start, limit: 10)?.map(\.photoId) == [photos[1].id])
        #expect(try await catalog.add(PhotoSelection(ids: [photos[1].id]), to: .link(link.slug)) == 0)
        #expect(try await catalog.latestChangeSeq() == added, "nothing joined: nothing to announce")
        #expect(try await catalog.remove(PhotoSelection(ids: photos.map(\.id)), from: .link(link.slug)) == 2)
        #expect(try await catalog.latestChangeSeq() > added)
        #expect(try await catalog.page(after: nil, limit: 10, filter: PhotoFilter(set: .link(link.slug))).total == 0)
    }

    @Test(arguments: CatalogUnderTest.all)
    func uploadsAtTheSameMomentNeverPassTheLinksBound(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        let link = LinkRecord(slug: "race-link-slug-0123456789", createdAt: 1, allowsUpload: true)
        try await catalog.createLink(link, photos: nil)
        for round in 0..<4 {
            let slug = "\(link.slug)-\(round)"
            let recorded = try await withThrowingTaskGroup(of: Bool.self) { group in
                for n in 0..<16 {
                    group.addTask {
                        try await catalog.recordLinkUpload(slug: slug, photoId: "p\(round)-\(n)", at: 10, limit: 5)
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(recorded == 5, "round \(round)")
            #expect(try await catalog.linkUploadCount(slug: slug) == 5)
        }
    }
}
