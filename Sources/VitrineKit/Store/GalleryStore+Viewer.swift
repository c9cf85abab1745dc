import Foundation
import VitrineAPI

extension GalleryStore {
    /// Moves the viewer one photo in `step`'s direction, staying at the ends of what is loaded (where a
    /// `.next` still asks for the next page).
    func travel(by step: Int) async {
        guard let current = state.current else { return }
        let target = current + step
        if state.items.indices.contains(target) {
            state.current = target
            state.direction = step
        }
        await moved()
    }

    /// After the viewer opened or moved: the deck planned again, and the next page fetched when the
    /// viewer is within the threshold of the loaded end.
    func moved() async {
        let shouldLoadMore = updateDeck()
        publish()
        if shouldLoadMore && state.failure == nil { await loadNextPage() }
    }

    /// Plans the deck around the open photo (nil when the viewer is closed), tells the prefetcher which
    /// previews entered and left it, and answers whether the planner asks for the next page.
    @discardableResult
    func updateDeck() -> Bool {
        guard let current = state.current, state.items.indices.contains(current) else {
            state.current = nil
            state.deck = nil
            warmUp([])
            return false
        }
        let plan = planner.plan(
            current: current, loaded: state.items.count, total: state.total ?? -1, direction: state.direction,
            speed: 0)
        let indices = plan.indices.map { Int($0) }.filter { state.items.indices.contains($0) }
        if let low = indices.min(), let high = indices.max() { state.deck = low...high } else { state.deck = nil }
        warmUp(indices.map { client.resolve(state.items[$0].preview.url) })
        return plan.shouldLoadMore && !state.isComplete
    }

    /// Tells the prefetcher to stop the URLs that left the deck and start those that entered it.
    func warmUp(_ urls: [URL]) {
        let kept = Set(urls)
        let previous = Set(warm)
        let leaving = warm.filter { !kept.contains($0) }
        var seen = Set<URL>()
        let entering = urls.filter { !previous.contains($0) && seen.insert($0).inserted }
        warm = urls
        if !leaving.isEmpty { prefetcher?.stopPrefetching(with: leaving) }
        if !entering.isEmpty { prefetcher?.startPrefetching(with: entering) }
    }
}
