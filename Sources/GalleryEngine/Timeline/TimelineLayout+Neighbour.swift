extension TimelineLayout {
    /// Photos an arrow key looks through for the row above or below before it gives up.
    static let neighbourSearch = 500

    /// The month and the index in it of photo `index` of the whole library; nil outside it.
    /// O(log months).
    public func location(of index: Int) -> (section: Int, item: Int)? {
        guard index >= 0, index < itemCount, !firstItems.isEmpty else { return nil }
        var lo = 0
        var hi = firstItems.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if firstItems[mid] <= index { lo = mid } else { hi = mid - 1 }
        }
        return (lo, index - firstItems[lo])
    }

    /// Content frame of photo `index` of the whole library.
    func frame(ofLibraryItem index: Int) -> Rect? {
        guard let at = location(of: index) else { return nil }
        return frame(section: at.section, item: at.item)
    }

    /// The arrow keys' photo from photo `index` of the whole library: the one beside it (`step` ±1), or
    /// in the row below (2) or above (−2), the one whose centre is nearest in x; across months too.
    /// `index` itself where there is none, and the nearest photo for an index outside the library.
    public func neighbour(of index: Int, step: Int) -> Int {
        let last = itemCount - 1
        let i = index < 0 || last < 0 ? 0 : (index > last ? last : index)
        let dir = step < 0 ? -1 : 1
        guard step == 2 || step == -2, let a = frame(ofLibraryItem: i) else {
            let next = index == i ? i + dir : i
            return next < 0 || last < 0 ? 0 : (next > last ? last : next)
        }
        let middle = a.y + a.height / 2
        let centre = a.x + a.width / 2
        var best = i
        var bestDistance = -1.0
        var rowY = -1.0  // none yet: content y is never negative
        var j = i + dir
        while j >= 0 && j <= last && (j - i) * dir < Self.neighbourSearch {
            // Photos of the same row come first; then the first row past it, nearest in x.
            if let f = frame(ofLibraryItem: j), dir > 0 ? f.y >= middle : f.y + f.height <= middle {
                if rowY >= 0 && f.y != rowY { break }
                rowY = f.y
                let distance = abs(f.x + f.width / 2 - centre)
                if bestDistance < 0 || distance < bestDistance {
                    bestDistance = distance
                    best = j
                }
            }
            j += dir
        }
        return best
    }
}
