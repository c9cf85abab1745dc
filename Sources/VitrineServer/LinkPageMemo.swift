import Catalog
import Hummingbird
import Synchronization

/// Link pages as last rendered, so a link's visitors after the first are served as the library's page is:
/// one indexed read of the feed's position, then bytes already made (`WebController.PageMemo`).
///
/// A page is made of the feed's position (the set's photos, the album's title and cover: every write to
/// them appends to the feed), the layout, and the link's own fields (which the owner edits outside the
/// feed), so all of them are its key. At most `capacity` pages are kept; past it the memo starts afresh.
final class LinkPageMemo: Sendable {
    struct Key: Hashable {
        var version: Int64
        var style: GridStyle
        var slug: String
        var albumId: String?
        var title: String
        var expiresAt: Int64?
        var allowsDownload: Bool
        var allowsUpload: Bool

        init(_ link: LinkRecord, version: Int64, style: GridStyle) {
            self.version = version
            self.style = style
            slug = link.slug
            albumId = link.albumId
            title = link.title
            expiresAt = link.expiresAt
            allowsDownload = link.allowsDownload
            allowsUpload = link.allowsUpload
        }
    }

    typealias Page = WebController<BasicRequestContext>.PageMemo.Page

    let capacity: Int
    let state = Mutex<[Key: Page]>([:])

    init(capacity: Int = 256) { self.capacity = capacity }

    func page(_ key: Key) -> Page? { state.withLock { $0[key] } }

    /// Keeps `page`, dropping the link's pages of older positions (never asked for again).
    func keep(_ page: Page, for key: Key) {
        state.withLock { pages in
            pages = pages.filter { $0.key.slug != key.slug || $0.key.version >= key.version }
            if pages.count >= capacity { pages.removeAll() }
            pages[key] = page
        }
    }
}
