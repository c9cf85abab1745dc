/// What a click on a tile, a month's heading or a key does to the selection.
public enum GallerySelect: Equatable, Sendable {
    /// A click on tile `index` at `time`: with Shift (`extend`) it sets the run from the last tile clicked
    /// to this one as that tile is; on its checkbox or with Ctrl/Cmd (`toggle`), or while anything is
    /// selected, it toggles the tile; otherwise it opens the viewer there (`GalleryFrame.open`).
    case click(index: Int, extend: Bool, toggle: Bool, time: Double)
    /// A month's heading: the whole month, or none of it when all of it was selected.
    case month(section: Int)
    /// Ctrl/Cmd+A: the whole library.
    case all
    /// Esc, or the selection bar's close.
    case clear
}

/// A long press that went on to paint: the tile it began on, whether it adds or removes, and the
/// selection before it, so dragging back undoes what the drag did.
struct GalleryPaint: Equatable {
    var origin: Int
    var adding: Bool
    var base: IndexRanges
}

extension GallerySession {
    /// A library index the selection may hold, or nil.
    func selectable(_ index: Int) -> Int? { index >= 0 && index < layout.itemCount ? index : nil }

    func select(_ action: GallerySelect, _ frame: inout GalleryFrame) -> Bool {
        switch action {
        case .click(let index, let extend, let toggle, let time):
            advance(to: time)
            guard let i = selectable(index), !ignoresClick(at: time) else { return false }
            if !offersSelection {
                frame.open = i
                return false
            } else if extend, let a = selectAnchor, !selection.isEmpty {
                selection.set(a < i ? a : i, (a < i ? i : a) + 1, to: selection.contains(a))
            } else if extend || toggle || !selection.isEmpty {
                selection.toggle(i)
            } else {
                frame.open = i
                return false
            }
            selectAnchor = i
        case .month(let s):
            guard offersSelection, s >= 0, s < layout.sectionCount, let month = layout.month(of: s), month.count > 0
            else {
                return false
            }
            let lo = layout.sectionFirstItem(s)
            let hi = TimelineLayout.add(lo, month.count)
            selection.set(lo, hi, to: selection.count(in: lo, hi) < hi - lo)
            selectAnchor = lo
        case .all:
            guard offersSelection else { return false }
            selection.set(0, layout.itemCount, to: true)
        case .clear:
            guard !selection.isEmpty || paint != nil else { return false }
            selection.removeAll()
            selectAnchor = nil
            paint = nil
        }
        frame.selectionChanged = true
        return false
    }

    /// The long press on tile `index` fired: it selects the tile (or clears it, when it was selected)
    /// and paints from there as the finger moves.
    func beginPaint(at index: Int, _ frame: inout GalleryFrame) {
        guard offersSelection, let i = selectable(index) else { return }
        let adding = !selection.contains(i)
        paint = GalleryPaint(origin: i, adding: adding, base: selection)
        selection.set(i, i + 1, to: adding)
        selectAnchor = i
        frame.selectionChanged = true
    }

    /// The painting finger is over tile `index`: the run from the origin to it is set, everything else
    /// is as it was before the press.
    func paint(to index: Int, _ frame: inout GalleryFrame) {
        guard let p = paint, let i = selectable(index) else { return }
        var next = p.base
        next.set(p.origin < i ? p.origin : i, (p.origin < i ? i : p.origin) + 1, to: p.adding)
        guard next != selection else { return }
        selection = next
        frame.selectionChanged = true
    }

    /// Live photos came (`inserted` > 0) or one left, at library index `index`: the selection keeps
    /// naming the same photos.
    func shiftSelection(at index: Int, inserted: Int, removed: Int) {
        for _ in 0..<(removed > 0 ? removed : 0) {
            selection.remove(at: index)
            if let a = selectAnchor { selectAnchor = a == index ? nil : (a > index ? a - 1 : a) }
        }
        if inserted > 0 {
            selection.insert(inserted, at: index)
            if let a = selectAnchor, a >= index { selectAnchor = a + inserted }
        }
        if paint != nil { paint = nil }
    }

    /// The selected indices within `lo..<hi`, as flat `[lo, hi)` pairs (a screen's tiles, a month).
    public func selected(in lo: Int, _ hi: Int) -> [Int] { selection.clipped(to: lo, hi) }
}
