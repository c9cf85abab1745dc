/// Justified rows (Flickr/Google/Apple Photos style), packed greedily in one pass.
///
/// Why greedy rather than Knuth–Plass style optimal breaking? It is O(n) with a
/// tiny constant (10 M items in about 30 ms in wasm; see
/// `JustifiedLayout+Packing.swift` for how), and it is
/// *causal*: whether a row ends depends only on the items up to and including
/// the one that overflowed it. That is what makes incremental append exact —
/// only the final, open row can change when more items arrive.
///
/// Rules:
/// - Each aspect ratio is clamped to `minimumAspectRatio...maximumAspectRatio`
///   (and to the width/target ratio) so a 10:1 panorama or a 1:10 strip gets a
///   sane box; the image is cover-cropped inside it. Invalid ratios (NaN, ≤ 0,
///   ∞) count as square.
/// - Items are added while the row, at the target height, fits the width. The
///   item that overflows joins the row if the row then overshoots the width by
///   no more than it would fall short without it (the row whose natural width
///   is nearer the container's).
/// - Full rows are scaled to fill the width exactly. The last row (of the
///   library or of a section) keeps the target height, left-aligned: never
///   stretched (only shrunk if it is a lone item wider than the container).
///
/// Only rows are stored (first item, top, height). An item's x and width follow
/// from its row's height and the clamped aspects before it in the row, so they
/// are computed when asked for (`GalleryLayout.frame(ofItem:)`, `writeFrames`),
/// in O(items in the row).
public enum JustifiedLayout {
    /// Upper clamp actually used: a single item at the target height must fit the width.
    public static func maximumAspect(for c: LayoutConfiguration) -> Double {
        let fit = c.contentWidth / c.targetRowHeight
        let m = c.maximumAspectRatio < fit ? c.maximumAspectRatio : fit
        return m > c.minimumAspectRatio ? m : c.minimumAspectRatio
    }
}
