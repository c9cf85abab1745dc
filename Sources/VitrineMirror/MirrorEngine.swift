import Foundation
import VitrineAPI
import VitrineKit

/// Keeps a folder a verified copy of a Vitrine gallery, through VitrineKit only: a sync reads the
/// library's details page by page while it fetches what is missing in parallel, then moves what the server
/// lost to `.deleted/`; a follow then applies the change feed until cancelled.
struct MirrorEngine: Sendable {
    let client: VitrineClient
    let directory: URL
    /// Downloads at once.
    let parallel: Int
    let previews: Bool
    let progress: MirrorProgress
    /// Bounds transfers to `parallel`; as many photos again may be fetching their details meanwhile.
    let transfers: MirrorLimiter
    /// How often a sync flushes the folder in the background (see `MirrorFlusher`).
    var flushInterval: Duration = .seconds(30)

    init(client: VitrineClient, directory: URL, parallel: Int = 8, previews: Bool = false, progress: MirrorProgress) {
        self.client = client
        self.directory = directory
        self.parallel = max(1, min(parallel, 64))
        self.previews = previews
        self.progress = progress
        self.transfers = MirrorLimiter(self.parallel)
    }

    /// A sync, then, with `follow`, the change feed until the task is cancelled; answers what it did.
    /// Throws for what stops the whole mirror (an unreachable server, a refused token, an unusable
    /// folder); a photo that fails is counted and reported, and retried by the next run.
    func run(follow: Bool) async throws -> MirrorProgress.Counts {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let lock = try MirrorLock(directory: directory)
        defer { withExtendedLifetime(lock) {} }
        var state = try openState()
        _ = try await client.session()
        // The feed's position is read before the listing, so a change made during it is not missed.
        var feed = client.changes().makeAsyncIterator()
        guard case .ready(let seq)? = try await feed.next() else { return progress.snapshot }
        switch try await changes(since: state.seq, upTo: seq) {
        case .only(let edited):
            // Kept in the state until fetched, so an edit whose detail fails now is fetched by the next run.
            let stale = (state.stale ?? []).union(edited)
            state.stale = stale.isEmpty ? nil : stale
            try await sync(&state, refresh: .only(stale))
            state.seq = seq
        case .all:
            try await sync(&state, refresh: .all)
            // Nothing names the photos whose details failed: the position moves on only when none did.
            if progress.snapshot.failed == 0 {
                state.seq = seq
                state.stale = nil
            }
        }
        try state.save(to: directory)
        if follow { try await self.follow(&feed, state: &state) }
        return progress.snapshot
    }

    /// The folder's state, settled (see `MirrorState.settle`), or a new one; refuses a folder that mirrors
    /// another server or mode.
    func openState() throws -> MirrorState {
        let server = client.baseURL.absoluteString
        guard var state = try MirrorState.load(from: directory) else {
            return MirrorState(server: server, previews: previews)
        }
        guard state.server == server else {
            throw MirrorError.badState("\(directory.path) mirrors \(state.server), not \(server)")
        }
        guard state.previews == previews else {
            throw MirrorError.badState(
                "\(directory.path) mirrors \(state.previews ? "previews" : "originals"); run with"
                    + " \(state.previews ? "" : "no ")--previews")
        }
        try state.settle(in: directory)
        return state
    }

    /// Counts one photo's outcome and records it in the state.
    func record(_ id: String, _ result: Result<MirrorOutcome, any Error>, in state: inout MirrorState) {
        switch result {
        case .success(.downloaded(let entry)):
            state.photos[id] = entry
            state.wrote(id)
            state.caughtUp(id)
            progress.update {
                $0.downloaded += 1
                $0.downloadedBytes += entry.size
            }
        case .success(.present(let entry)):
            state.photos[id] = entry
            state.wrote(id)
            state.caughtUp(id)
            progress.update { $0.alreadyThere += 1 }
        case .success(.gone):
            state.caughtUp(id)
            let entry = state.photos[id]
            guard entry != nil || MirrorFiles.size(of: directory.appendingPathComponent(id + ".json")) != nil
            else { return }
            do {
                try moveToDeleted(id: id, entry: entry)
                state.photos[id] = nil
                progress.update { $0.movedToDeleted += 1 }
            } catch {
                progress.fail(id, error)
            }
        case .failure(let error):
            progress.fail(id, error)
        }
    }

    /// Moves a photo's bytes and detail to `.deleted/`.
    func moveToDeleted(id: String, entry: MirrorState.Entry?) throws {
        if let entry { try MirrorFiles.moveToDeleted(entry.file, in: directory) }
        if let motion = entry?.motion { try MirrorFiles.moveToDeleted(motion.file, in: directory) }
        try MirrorFiles.moveToDeleted(id + ".json", in: directory)
    }
}
