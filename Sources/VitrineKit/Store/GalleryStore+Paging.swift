import VitrineAPI

extension GalleryStore {
    /// Whether the grid or viewer being at `index` calls for the next page: the first page when none is
    /// here, else within the threshold of the loaded end; never after a failure (until `.loadMore`) nor
    /// once every photo is loaded.
    func shouldLoad(near index: Int) -> Bool {
        guard state.failure == nil, !state.isComplete else { return false }
        guard state.total != nil else { return true }
        let last = state.items.count - 1
        let index = min(max(index, 0), max(last, 0))
        return last - index < planner.loadMoreThreshold
    }

    /// Fetches the next page (the first one if none is here) and appends it; dropped while a request
    /// runs, and once every photo is loaded.
    func loadNextPage() async {
        guard loading == nil, !state.isComplete else { return }
        let position: PhotoQuery.Position
        if state.total == nil {
            position = query.position
        } else if let cursor = state.nextCursor {
            position = .cursor(cursor)
        } else {
            return
        }
        let client = client
        let request = query.at(position)
        let retry = retry
        await run({ try await retry.run { try await client.photos(request) } }, commit: .append)
    }

    /// Fetches the loaded range again from the start of the query (at least one page) and applies the
    /// difference to what is here; the request running before is abandoned.
    func refresh() async {
        generation += 1
        loading?.cancel()
        loading = nil
        let client = client
        let query = query
        let retry = retry
        let wanted = max(state.items.count, pageSize)
        let fetch: @Sendable () async throws -> PhotoPage = {
            var items: [PhotoSummary] = []
            var page = try await retry.run { try await client.photos(query) }
            items += page.items
            while items.count < wanted, let cursor = page.nextCursor {
                page = try await retry.run { try await client.photos(query.at(.cursor(cursor))) }
                items += page.items
            }
            return PhotoPage(items: items, nextCursor: page.nextCursor, total: page.total)
        }
        await run(fetch, commit: .replace)
    }

    /// What a fetched page does to the list.
    enum Commit {
        /// Appends it: the next page.
        case append
        /// Replaces the list with it: the loaded range fetched again.
        case replace
    }

    /// Runs `fetch` as the store's one request, then commits its page, unless `.reset` started another
    /// meanwhile. The request is the store's, not the caller's: cancelling the task that sent the action
    /// does not abandon it. A failure after the retries is kept in `failure`.
    private func run(_ fetch: @escaping @Sendable () async throws -> PhotoPage, commit: Commit) async {
        let generation = generation
        appliedWhileLoading = []
        state.isLoading = true
        state.failure = nil
        publish()
        let task = Task<Result<PhotoPage, any Error>, Never> {
            do { return .success(try await fetch()) } catch { return .failure(error) }
        }
        loading = task
        let result = await task.value
        guard generation == self.generation else { return }
        loading = nil
        state.isLoading = false
        var changes = GalleryChanges()
        switch result {
        case .success(let page):
            changes = commit == .append ? append(page) : replace(with: page)
        case .failure(let error as VitrineError):
            state.failure = error
        case .failure(is CancellationError):
            break
        case .failure(let error):
            state.failure = .offline(String(describing: error))
        }
        appliedWhileLoading = []
        publish(changes)
    }
}
