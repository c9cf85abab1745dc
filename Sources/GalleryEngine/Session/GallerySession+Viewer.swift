/// The viewer's photo through changes to its list.
extension GallerySession {
    /// The viewer follows its photo, or the nearest one after it that stayed (else before it), after
    /// photos left its list; it closes when none did.
    func forget(_ indices: [Int]) {
        let oldCount = viewerCount
        var gone = 0
        var k = 0
        while k < oldCount && gone < indices.count {
            if Self.holds(indices, k) { gone += 1 }
            k += 1
        }
        viewerCount = oldCount - gone
        guard let current = viewer else { return }
        guard let kept = GalleryPolicy.follow(current: current, oldCount: oldCount, stays: { !Self.holds(indices, $0) })
        else {
            viewer = nil
            return
        }
        var before = 0
        for i in 0..<kept where Self.holds(indices, i) { before += 1 }
        viewer = kept - before
    }

    static func holds(_ indices: [Int], _ i: Int) -> Bool {
        var k = 0
        while k < indices.count {
            if indices[k] == i { return true }
            k += 1
        }
        return false
    }
}
