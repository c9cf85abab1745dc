import Foundation
import VitrineAPI
import VitrineKit

/// Which photos' details a sync fetches again although their bytes and detail are in the folder.
enum MirrorRefresh: Sendable, Equatable {
    /// These photos changed on the server since the folder's last sync.
    case only(Set<String>)
    /// Nothing says which changed: the folder has no position, or the server's history no longer
    /// reaches back to it.
    case all

    func contains(_ id: String) -> Bool {
        switch self {
        case .only(let ids): ids.contains(id)
        case .all: true
        }
    }
}

extension MirrorEngine {
    /// How long reading back the changes a re-run missed may take before every detail is fetched instead.
    static let catchUpLimit: Duration = .seconds(10)

    /// The photos changed after `since` and up to `latest`, read back from the change feed, so that a
    /// re-run refreshes an edited title or tag without fetching every detail again.
    func changes(since: Int64?, upTo latest: Int64) async throws -> MirrorRefresh {
        guard let since else { return .all }
        guard since != latest else { return .only([]) }
        guard since < latest else { return .all }  // the server's history started again
        let client = client
        let outcome = await withTaskGroup(of: Result<MirrorRefresh, any Error>?.self) { group in
            group.addTask {
                var ids = Set<String>()
                var feed = client.changes(since: since).makeAsyncIterator()
                do {
                    while let event = try await feed.next() {
                        switch event {
                        case .change(let message):
                            ids.insert(message.id)
                            if message.seq >= latest { return .success(.only(ids)) }
                        case .reset, .ready:
                            return .success(.all)
                        }
                    }
                    return nil
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                do {
                    try await Task.sleep(for: Self.catchUpLimit)
                    return .success(.all)
                } catch {
                    return nil
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        try Task.checkCancellation()
        switch outcome {
        case .success(let refresh)?: return refresh
        // A feed that refuses the position or fails is no reason to stop: every detail is fetched instead.
        case .failure, nil: return .all
        }
    }
}
