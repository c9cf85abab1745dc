import Foundation
import VitrineAPI
import VitrineKit

/// What ends in a sync's task group: one photo's transfer, or one page of the listing.
enum MirrorEvent: Sendable {
    case completion(MirrorCompletion)
    /// The listing as it stands after the page, and the page (nil past the last page).
    case page(MirrorListing, Result<PhotoDetailPage?, any Error>)
}

/// One photo's transfer as it ends, handed from its child task to the loop that records it.
struct MirrorCompletion: Sendable {
    let id: String
    let result: Result<MirrorOutcome, any Error>
}

extension MirrorEngine {
    /// Brings the folder in line with the server's listing, writing again the details of `refresh`; the
    /// caller saves the state after it.
    ///
    /// The listing is read a page at a time while the transfers of the pages before it run: the first page
    /// is as small as the transfers that can start at once, so the first bytes flow after one short answer,
    /// and only the pages not yet planned are held in memory. The photos the server no longer has are
    /// known, and moved to `.deleted/`, once the last page was read (and what the server purged from its
    /// trash leaves `.deleted/`); a listing that fails part way throws after the transfers already started
    /// have ended and been recorded.
    func sync(_ state: inout MirrorState, refresh: MirrorRefresh) async throws {
        var listed = Set<String>()
        try await fetchAll(
            MirrorListing(client: client, firstPageSize: parallel * 2), into: &state, refresh: refresh,
            listed: &listed)
        for id in MirrorPlanner.gone(state: state, listed: listed) { record(id, .success(.gone), in: &state) }
        await pruneDeleted(state: state, listed: listed)
        if progress.snapshot.failed == 0 {
            // Every photo is in place, so what is left in `.partial/` belongs to bytes nobody needs any more.
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(MirrorFiles.partialFolder))
        }
    }

    /// Plans each page of `listing` as it arrives and fetches its photos, `parallel` transfers at a time (as
    /// many again queued), asking for the next page while they run; records each photo in the state as it
    /// completes and saves the state at most once a second (a kill loses at most that, and the next run's
    /// hashing recovers it).
    func fetchAll(
        _ listing: MirrorListing, into state: inout MirrorState, refresh: MirrorRefresh, listed: inout Set<String>
    ) async throws {
        var queue: [MirrorFetch] = []
        var next = 0
        var lastSave = ContinuousClock.now
        var failure: (any Error)?
        let flusher = MirrorFlusher(directory: directory, interval: flushInterval)
        await withTaskGroup(of: MirrorEvent.self) { group in
            var running = 0
            group.addTask { await Self.read(listing) }
            while true {
                while running < parallel * 2, failure == nil, !Task.isCancelled, next < queue.count {
                    let photo = queue[next]
                    next += 1
                    running += 1
                    group.addTask { [self] in
                        do {
                            let outcome = try await mirror(photo.detail, entry: photo.entry)
                            return .completion(MirrorCompletion(id: photo.id, result: .success(outcome)))
                        } catch {
                            return .completion(MirrorCompletion(id: photo.id, result: .failure(error)))
                        }
                    }
                }
                if next == queue.count {
                    queue.removeAll(keepingCapacity: true)
                    next = 0
                }
                guard let event = await group.next() else { break }
                switch event {
                case .page(let after, .success(let page?)):
                    let plan = MirrorPlanner.plan(
                        page: page.items, state: state, directory: directory, refresh: refresh, listed: &listed)
                    adopt(plan, into: &state)
                    let unlisted =
                        after.isFinished ? 0 : MirrorListing.unlisted(total: page.total, listed: listed.count)
                    progress.update { $0.unlisted = unlisted }
                    queue += plan.fetch
                    if failure == nil, !Task.isCancelled, !after.isFinished {
                        group.addTask { await Self.read(after) }
                    }
                case .page(_, .success(nil)):
                    progress.update { $0.unlisted = 0 }
                case .page(_, .failure(let error)):
                    if failure == nil { failure = error }
                case .completion(let completion):
                    running -= 1
                    record(completion.id, completion.result, in: &state)
                    state.flushed(flusher.collect())
                    flusher.startIfDue(covering: state.unflushed)
                    if failure == nil, ContinuousClock.now - lastSave > .seconds(1) {
                        do {
                            try state.save(to: directory)
                        } catch {
                            failure = error
                        }
                        lastSave = .now
                    }
                }
            }
        }
        state.flushed(await flusher.finish())
        if Task.isCancelled {
            // A page read cut short by the cancellation fails too, but the run was stopped, not broken.
            try? state.save(to: directory)
            throw CancellationError()
        }
        if let failure {
            try? state.save(to: directory)
            throw failure
        }
    }

    /// Reads the listing's next page, handing back the listing as it stands after it.
    static func read(_ listing: MirrorListing) async -> MirrorEvent {
        var listing = listing
        do {
            let page = try await listing.next()
            return .page(listing, .success(page))
        } catch {
            return .page(listing, .failure(error))
        }
    }

    /// Takes one page's plan into the state and the progress: what is refused is a failure, what is there is
    /// kept, and what is to fetch is counted (its bytes too, for the progress bar, unless already there).
    func adopt(_ plan: MirrorPlan, into state: inout MirrorState) {
        for (id, error) in plan.refused { progress.fail(id, error) }
        for (id, entry) in plan.kept { state.photos[id] = entry }
        progress.update {
            $0.alreadyThere += plan.kept.count
            $0.toFetch += plan.fetch.count
        }
        if !previews { for photo in plan.fetch where !isPresent(photo.entry, of: photo.detail) { count(photo.detail) } }
    }
}
