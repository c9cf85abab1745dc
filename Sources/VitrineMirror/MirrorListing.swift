import VitrineAPI
import VitrineKit

/// The server's details, page by page (`GET /api/v1/details`). The first page is small, so the first
/// transfers start after one short answer; the rest come 200 at a time while transfers run. Only the pages
/// not yet planned are held, so a sync's memory does not grow with the library.
struct MirrorListing: Sendable {
    static let pageSize = 200

    let client: VitrineClient
    /// Photos on the first page.
    let firstPageSize: Int
    private(set) var cursor: String?
    private(set) var isFinished = false
    private var pages = 0

    init(client: VitrineClient, firstPageSize: Int) {
        self.client = client
        self.firstPageSize = max(1, min(firstPageSize, Self.pageSize))
    }

    /// Photos the server says it has beyond the `listed` ones; its `total` is never trusted to be in range.
    static func unlisted(total: Int, listed: Int) -> Int {
        total > listed ? total - listed : 0
    }

    /// The next page, or nil once the last page was read.
    mutating func next() async throws -> PhotoDetailPage? {
        guard !isFinished else { return nil }
        let page = try await client.details(cursor: cursor, limit: pages == 0 ? firstPageSize : Self.pageSize)
        pages += 1
        if let next = page.nextCursor, !page.items.isEmpty, next != cursor {
            cursor = next
        } else {
            isFinished = true
        }
        return page
    }
}
