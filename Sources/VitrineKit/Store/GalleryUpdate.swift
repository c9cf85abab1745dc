import Foundation
import GalleryEngine

/// What an observer of a `GalleryStore` receives: the new state, and how its `items` changed since the
/// update before, in batch-update terms.
public struct GalleryUpdate: Sendable, Equatable {
    public var state: GalleryState
    public var changes: GalleryChanges

    public init(state: GalleryState, changes: GalleryChanges = GalleryChanges()) {
        self.state = state
        self.changes = changes
    }
}

/// The changes that turn the previous `items` into the new ones, as a collection view applies them in
/// one batch: removals at old indices, insertions at new indices, moves from old to new indices, and
/// in-place updates at new indices. Never a reload.
public struct GalleryChanges: Sendable, Equatable {
    public struct Move: Sendable, Equatable, Hashable {
        public var from: Int
        public var to: Int

        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// Indices into the old items.
    public var removals = IndexSet()
    /// Indices into the new items.
    public var insertions = IndexSet()
    public var moves: [Move] = []
    /// Indices into the new items of photos that stayed but whose summary changed (a new title).
    public var updates = IndexSet()

    public init(
        removals: IndexSet = IndexSet(), insertions: IndexSet = IndexSet(), moves: [Move] = [],
        updates: IndexSet = IndexSet()
    ) {
        self.removals = removals
        self.insertions = insertions
        self.moves = moves
        self.updates = updates
    }

    public var isEmpty: Bool { removals.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty }

    /// GalleryEngine's diff in these terms.
    init(_ diff: ListDiff) {
        removals = IndexSet(diff.deletes.map { Int($0) })
        insertions = IndexSet(diff.inserts.map { Int($0) })
        moves = zip(diff.moveFrom, diff.moveTo).map { Move(from: Int($0), to: Int($1)) }
    }
}
