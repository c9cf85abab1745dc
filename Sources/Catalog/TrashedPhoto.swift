import Foundation
import VitrineCore

/// A photo in the trash: everything a restore puts back, as it was when it was trashed.
public struct TrashedPhoto: Sendable, Equatable {
    public var item: PhotoWithVariants
    /// In name order, case-insensitively.
    public var tags: [String]
    public var views: Int
    public var downloads: Int
    /// Its public number in the compatible APIs (Pixabay's `id`), which a restore gives back when no photo
    /// took it meanwhile; nil when it had none.
    public var compatNumber: Int64?
    public var favorite: Bool
    /// The albums it was in; a restore puts it back in those that still exist.
    public var albums: [String]
    /// The share links that shared it among their own photos (not through an album); a restore puts it back
    /// in those that still exist.
    public var links: [String]
    /// Milliseconds since the epoch.
    public var trashedAt: Int64

    public init(
        item: PhotoWithVariants, tags: [String], views: Int = 0, downloads: Int = 0, compatNumber: Int64? = nil,
        favorite: Bool = false, albums: [String] = [], links: [String] = [], trashedAt: Int64
    ) {
        self.item = item
        self.tags = tags
        self.views = views
        self.downloads = downloads
        self.compatNumber = compatNumber
        self.favorite = favorite
        self.albums = albums
        self.links = links
        self.trashedAt = trashedAt
    }

    /// Where the trash's order (most recently trashed first, then id) puts this photo.
    public var cursor: PageCursor { PageCursor(takenAt: trashedAt, id: item.photo.id) }
}

/// One page of the trash, most recently trashed first.
public struct TrashPage: Sendable {
    public var items: [TrashedPhoto]
    /// Where the next page starts (a `PageCursor` over `trashedAt` and id); nil on the last page.
    public var nextCursor: PageCursor?
    public var total: Int

    public init(items: [TrashedPhoto], nextCursor: PageCursor?, total: Int) {
        self.items = items
        self.nextCursor = nextCursor
        self.total = total
    }

    /// A page from the rows a catalog read (up to `limit + 1`, in the trash's order): the stored documents
    /// this version can read, and a cursor past the page's last row either way. A document it cannot read
    /// (a newer version's) is left out but still paged past, so the pages after it are not lost: a mirror
    /// takes a photo missing from every page for purged.
    package init(rows: [(cursor: PageCursor, document: String)], limit: Int, total: Int) {
        let page = rows.prefix(max(0, limit))
        items = page.compactMap { row in
            TrashedPhotoDocument.decode(row.document).map { $0.trashed(at: row.cursor.takenAt) }
        }
        nextCursor = rows.count > page.count ? page.last?.cursor : nil
        self.total = total
    }
}

/// What restoring one photo did.
public enum RestoreOutcome: Sendable, Equatable {
    /// Back in the library under its own id, with its variants, tags and counters.
    case restored
    /// The same file was imported again while this one was in the trash: that photo stays, gains the
    /// trashed one's tags, favourite, albums and links, and the files it lacks that the trashed one had (a
    /// Live Photo's clip, a clip's web version), and the trash entry is dropped.
    case merged(into: String)
}

/// The stored form of a trashed photo: one JSON document per row, so what a restore needs can grow without
/// a migration per field.
package struct TrashedPhotoDocument: Codable {
    package var photo: PhotoRecord
    package var variants: [VariantRecord]
    package var tags: [String]
    package var views: Int
    package var downloads: Int
    package var number: Int64?
    package var favorite: Bool?
    package var albums: [String]?
    package var links: [String]?

    package init(_ trashed: TrashedPhoto) {
        photo = trashed.item.photo
        variants = trashed.item.variants.values.sorted { $0.kind.rawValue < $1.kind.rawValue }
        tags = trashed.tags
        views = trashed.views
        downloads = trashed.downloads
        number = trashed.compatNumber
        favorite = trashed.favorite
        albums = trashed.albums
        links = trashed.links
    }

    package func trashed(at trashedAt: Int64) -> TrashedPhoto {
        TrashedPhoto(
            item: PhotoWithVariants(
                photo: photo, variants: Dictionary(variants.map { ($0.kind, $0) }, uniquingKeysWith: { a, _ in a })),
            tags: tags, views: views, downloads: downloads, compatNumber: number, favorite: favorite ?? false,
            albums: albums ?? [], links: links ?? [], trashedAt: trashedAt)
    }

    /// What a merge into `photoId` (the same file, imported again) takes over: the trashed photo's files
    /// that the live one has no variant of `kinds` for, made after import from the same original (a Live
    /// Photo's clip and its web version, a clip's web version, AVIFs). Left behind, their blobs would be
    /// collected, and a clip kept as it came exists nowhere else.
    package func carried(into photoId: String, besides kinds: Set<VariantKind>) -> [VariantRecord] {
        let carried: Set<VariantKind> = [.motion, .motionWeb, .webVideo, .thumbAVIF, .previewAVIF]
        return variants.filter { carried.contains($0.kind) && !kinds.contains($0.kind) }.map {
            var variant = $0
            variant.photoId = photoId
            return variant
        }
    }

    package func encoded() throws -> String {
        String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
    }

    /// Nil for a row this version cannot read, which then stays in the trash untouched rather than failing
    /// the whole page.
    package static func decode(_ text: String) -> TrashedPhotoDocument? {
        try? JSONDecoder().decode(TrashedPhotoDocument.self, from: Data(text.utf8))
    }
}
