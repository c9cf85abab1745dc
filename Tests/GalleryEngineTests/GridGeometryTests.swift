import Testing

@testable import GalleryEngine

/// The screen's geometry: the same numbers for the web grid (through the wasm), the server's first screen
/// and native clients.
@Suite struct GridGeometryTests {
    @Test func aPhoneIsNarrowerThanSixHundredPixels() {
        #expect(GridGeometry(width: 599.9) == .phone)
        #expect(GridGeometry(width: 600) == .wide)
        #expect(GridGeometry(width: .nan) == .wide, "a width that is not a number is not a phone's")
        #expect(GridGeometry.phone.minimumTileWidth == 96 && GridGeometry.phone.spacing == 2)
        #expect(GridGeometry.wide.minimumTileWidth == 200 && GridGeometry.wide.spacing == 4)
    }

    @Test func theWidestTileIsJustBelowTheWidthThatFitsAnotherColumn() {
        let wide = GridGeometry.wide
        #expect(wide.widthFitting(columns: 3) == 616)
        #expect(wide.widestTile(columns: 2) == 302)
        #expect(wide.widestTile(columns: 3) == 268)
        // At the width that fits one more column the layout has it; just below, its tiles are the widest.
        for columns in 1...8 {
            let width = wide.widthFitting(columns: columns + 1)
            let at = GridLayout.metrics(for: wide.configuration(style: .grid, width: width))
            let below = GridLayout.metrics(for: wide.configuration(style: .grid, width: width - 0.5))
            #expect(at.columns == columns + 1 && below.columns == columns, "\(columns)")
            #expect(below.tileWidth <= wide.widestTile(columns: columns))
            #expect(below.tileWidth > wide.widestTile(columns: columns) - 1)
        }
    }

    @Test func theTimelineTakesTheTopBarAndTheHeadings() {
        let timeline = GridGeometry(width: 390).timeline(style: .justified, width: 390)
        #expect(timeline.layout.insets == EdgeInsets(top: 96, left: 0, bottom: 64, right: 0))
        #expect(timeline.layout.headerHeight == 36 && timeline.yearHeaderHeight == 36)
        #expect(timeline.layout.targetRowHeight == 130 && timeline.averageAspectRatio == 1.5)
    }
}
