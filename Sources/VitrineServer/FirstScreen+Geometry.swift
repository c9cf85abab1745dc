import Crypto
import Foundation
import GalleryEngine

/// The first screen's geometry, from the engine's (`GridGeometry`): what its CSS lays the tiles out with,
/// and what its images' `sizes` bound, so the server's tiles sit where the engine's grid then puts them.
extension FirstScreen {
    /// index.html's `{{geometry}}`: the grid's numbers as CSS custom properties, wide and, under the phone
    /// width, narrow. styles.css uses only these variables (`.ssr`, the top bar), never the numbers.
    static let geometryStyle = "<style>\(geometryCSS)</style>"

    /// The rules `geometryStyle` holds; the Content Security Policy allows exactly them by their hash.
    static let geometryCSS: String = {
        let (wide, phone) = (GridGeometry.wide, GridGeometry.phone)
        func px(_ value: Double) -> String {
            value == value.rounded() ? "\(Int(value))px" : "\(value)px"
        }
        func tiles(_ g: GridGeometry) -> String {
            "--gap:\(px(g.spacing));--side:\(px(g.sideInset));--tile-min:\(px(g.minimumTileWidth))"
        }
        return ":root{--top-bar:\(px(GridGeometry.topBar));--bottom-inset:\(px(GridGeometry.bottomInset));"
            + "--month:\(px(GridGeometry.monthHeader));--year:\(px(GridGeometry.yearHeader))}"
            + ".ssr{\(tiles(wide))}"
            + "@container (max-width:\(GridGeometry.phoneWidth - 0.02)px){.ssr{\(tiles(phone))}}"
    }()

    /// The widest a 4:3 grid tile gets: in two columns (from the phone width until a third column fits),
    /// then in three or more; on a phone, with three columns or more, about a third of the width. An upper
    /// bound, not `auto`, which would need `loading="lazy"` and so wait for layout before fetching.
    static let sizes: String = {
        let (wide, phone) = (GridGeometry.wide, GridGeometry.phone)
        let phoneShare = phone.widestTile(columns: 3) / (phone.widthFitting(columns: 4) - 1)
        let phoneVW = Int((100 * phoneShare).rounded(.up))
        return "(max-width:\(Int(GridGeometry.phoneWidth) - 1)px) \(phoneVW)vw, "
            + "(max-width:\(Int(wide.widthFitting(columns: 3)) - 1)px) \(Int(wide.widestTile(columns: 2).rounded(.up)))px, "
            + "\(Int(wide.widestTile(columns: 3).rounded(.up)))px"
    }()

    /// The CSP source that allows `geometryStyle` and no other inline style: `'sha256-…'` of its rules.
    static let geometryStyleSource =
        "'sha256-" + Data(SHA256.hash(data: Array(geometryCSS.utf8))).base64EncodedString() + "'"
}
