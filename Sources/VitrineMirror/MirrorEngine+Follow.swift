import Foundation
import VitrineAPI
import VitrineKit

extension MirrorEngine {
    /// Applies the change feed to the folder until the task is cancelled: an insert or update fetches
    /// the photo's detail (and its bytes when they changed), a delete moves it to `.deleted/`, a reset
    /// (the server's history no longer reaches back to our position) re-syncs everything.
    func follow(_ feed: inout ChangeFeed.Iterator, state: inout MirrorState) async throws {
        while !Task.isCancelled {
            let event: ChangeFeed.Event?
            do {
                event = try await feed.next()
            } catch is CancellationError {
                return
            }
            guard let event else { return }
            switch event {
            case .ready(let seq):
                state.seq = seq
            case .change(let message):
                await apply(message, to: &state)
                state.seq = message.seq
            case .reset(let seq):
                try await sync(&state, refresh: .all)
                state.seq = seq
            }
            try state.save(to: directory)
        }
    }

    /// One change; a failure is counted and reported, and the next sync retries it.
    func apply(_ message: ChangeMessage, to state: inout MirrorState) async {
        // An album's change names the album; the mirror keeps photos.
        guard ["insert", "update", "delete"].contains(message.kind) else { return }
        let id = message.id
        guard MirrorNames.isSafeID(id) else {
            progress.fail(id, MirrorError.unsafeName(id))
            return
        }
        if message.kind == "delete" {
            record(id, .success(.gone), in: &state)
            return
        }
        let entry = state.photos[id]
        if entry == nil { progress.update { $0.toFetch += 1 } }
        do {
            record(id, .success(try await mirrorPhoto(id: id, entry: entry)), in: &state)
        } catch is CancellationError {
            return
        } catch {
            progress.fail(id, error)
        }
    }
}
