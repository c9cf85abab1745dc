import Foundation
import VitrineAPI
import VitrineKit

extension MirrorEngine {
    /// Keeps in `.deleted/` what may still come back: the files of photos in the server's trash, which a
    /// restore brings back, older files of photos still mirrored, and the files of photos the server lists
    /// again (restored) whose transfer has not succeeded yet: until it does, they are the only copy. A photo purged from the trash (or
    /// deleted before the server had one) leaves `.deleted/` too, so the folder does not grow for ever.
    ///
    /// Reading the trash needs the admin token: without it (401), or when any page of the trash fails, the
    /// folder is kept whole, as a mirror without the token always kept it. Returns how many files went.
    @discardableResult
    func pruneDeleted(state: MirrorState, listed: Set<String>) async -> Int {
        let folder = directory.appendingPathComponent(MirrorFiles.deletedFolder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path), !names.isEmpty,
            let trashed = await trashedIDs()
        else { return 0 }
        var removed = 0
        for name in names {
            // Files are `<id>.<ext>`, `<id>.motion.<ext>` and `<id>.json` (`MirrorState.Entry`).
            let id = String(name.prefix { $0 != "." })
            guard MirrorNames.isSafeID(id), state.photos[id] == nil, !trashed.contains(id), !listed.contains(id)
            else { continue }
            if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }

    /// Every photo id in the server's trash; nil when it cannot be read whole.
    func trashedIDs() async -> Set<String>? {
        var ids = Set<String>()
        var cursor: String?
        repeat {
            guard let page = try? await client.trash(cursor: cursor, limit: 200) else { return nil }
            ids.formUnion(page.items.map(\.id))
            cursor = page.nextCursor
        } while cursor != nil
        return ids
    }
}
