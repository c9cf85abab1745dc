/// A run of consecutive photos of one month whose aspects have arrived, laid
/// out exactly by its own ``GalleryLayout``.
///
/// A month of 70 000 photos arrives page by page, and not necessarily from its
/// start (a scrub lands in its middle), so a month holds any number of disjoint
/// runs; the gaps between them keep their estimated height. A page that
/// continues a run is appended to it (O(page), exact, see
/// `GalleryLayout.append`); a page that joins two runs or overlaps one rebuilds
/// the merged run.
final class TimelineRun {
    /// Index in the month of the run's first photo.
    var start: Int
    let layout: GalleryLayout

    init(start: Int, layout: GalleryLayout) {
        self.start = start
        self.layout = layout
    }

    var count: Int { layout.itemCount }
    var end: Int { start + layout.itemCount }
    var height: Double { layout.contentHeight }

    /// The aspect ratio stored for the run's photo `index` (relative to the run).
    func aspect(_ index: Int) -> Float { layout.aspects[index] }
}
