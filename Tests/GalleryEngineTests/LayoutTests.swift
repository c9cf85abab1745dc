import PropertyBased
import Testing

@testable import GalleryEngine

@Suite("Layout")
struct LayoutTests {
    /// Items never overlap and appear in reading order (row by row, left to right).
    func checkInvariants(_ l: GalleryLayout, sourceLocation: SourceLocation = #_sourceLocation) {
        let f = frames(l)
        for i in 0..<f.count {
            #expect(f[i].width > 0 && f[i].height > 0, sourceLocation: sourceLocation)
            #expect(f[i].minX >= l.configuration.insets.left - 1e-3, sourceLocation: sourceLocation)
            #expect(
                f[i].maxX <= l.configuration.width - l.configuration.insets.right + 1e-2, sourceLocation: sourceLocation
            )
            if i > 0 {
                let sameRow = f[i].minY == f[i - 1].minY
                if sameRow {
                    #expect(
                        f[i].minX >= f[i - 1].maxX - 1e-3, "item \(i) overlaps its left neighbour",
                        sourceLocation: sourceLocation)
                } else {
                    #expect(
                        f[i].minY >= f[i - 1].maxY - 1e-9, "row of item \(i) overlaps the row above",
                        sourceLocation: sourceLocation)
                }
            }
        }
        #expect(l.contentHeight >= (f.last?.maxY ?? 0), sourceLocation: sourceLocation)
    }

    @Test func gridColumnsDeriveFromWidth() {
        let m = GridLayout.metrics(for: .grid(width: 1000, minimumTileWidth: 180, spacing: 4))
        #expect(m.columns == 5)  // 5×180 + 4×4 = 916 ≤ 1000 < 6×180 + 5×4
        #expect(isClose(m.tileWidth * 5 + 16, 1000))
        #expect(isClose(m.tileHeight, m.tileWidth * 3 / 4))
        let square = GridLayout.metrics(for: .grid(width: 390, minimumTileWidth: 90, tileAspectRatio: 1, spacing: 2))
        #expect(square.columns == 4)
        #expect(square.tileWidth == square.tileHeight)
        #expect(GridLayout.metrics(for: .grid(width: 50, minimumTileWidth: 100)).columns == 1)
    }

    @Test func gridHasNoOverlapAndKeepsOrder() {
        let l = GalleryLayout(
            configuration: .grid(
                width: 800, minimumTileWidth: 150, insets: EdgeInsets(top: 10, left: 8, bottom: 10, right: 8)))
        l.append(aspectRatios: pseudoRandomAspects(103))
        checkInvariants(l)
        #expect(l.rowCount == (103 + l.grid.columns - 1) / l.grid.columns)
        #expect(l.frame(ofItem: 0).minX == 8 && l.frame(ofItem: 0).minY == 10)
        #expect(isClose(l.contentHeight, l.frame(ofItem: 102).maxY + 10))
    }

    @Test func justifiedRowsFillTheWidthExceptTheLast() {
        let c = LayoutConfiguration.justified(width: 1200, targetRowHeight: 200, spacing: 4)
        let l = GalleryLayout(configuration: c)
        l.append(aspectRatios: pseudoRandomAspects(500))
        checkInvariants(l)
        for r in 0..<l.rowCount {
            let items = l.items(inRow: r)
            let last = l.frame(ofItem: items.upperBound - 1)
            let first = l.frame(ofItem: items.lowerBound)
            if r < l.rowCount - 1 {
                #expect(abs(first.minX) < 1e-3 && abs(last.maxX - 1200) < 0.05, "row \(r) should span the width")
                // Rows land near the target height (greedy keeps them within a factor).
                #expect(l.rowExtent(r).height > 200 * 0.5 && l.rowExtent(r).height < 200 * 2)
            } else {
                #expect(l.rowExtent(r).height == 200, "last row keeps the target height")
                #expect(last.maxX <= 1200 + 1e-3)
            }
        }
    }

    @Test func panoramasAndTallImagesAreClamped() {
        let l = GalleryLayout(
            configuration: .justified(width: 1000, targetRowHeight: 200, minimumAspectRatio: 0.5, maximumAspectRatio: 3)
        )
        l.append(aspectRatios: [10, 0.1, 1, 1, 1, 10, 10, 0.1])
        checkInvariants(l)
        for i in 0..<l.itemCount {
            let f = l.frame(ofItem: i)
            let a = f.width / f.height
            #expect(a <= 3 + 1e-4 && a >= 0.5 - 1e-4, "item \(i) box aspect \(a)")
        }
        // Invalid input is treated as square instead of breaking the layout.
        let bad = GalleryLayout(configuration: .justified(width: 1000))
        bad.append(aspectRatios: [.nan, 0, -1, .infinity])
        checkInvariants(bad)
    }

    @Test func narrowContainerShrinksWideItems() {
        let l = GalleryLayout(
            configuration: .justified(width: 300, targetRowHeight: 200, minimumAspectRatio: 2, maximumAspectRatio: 3))
        l.append(aspectRatios: [3, 3, 3])
        checkInvariants(l)
        #expect(l.rowCount == 3)
    }

    @Test func sectionsBreakRowsAndPlaceHeaders() {
        let l = GalleryLayout(
            configuration: .justified(width: 1000, targetRowHeight: 150, spacing: 2, headerHeight: 40))
        l.append(aspectRatios: pseudoRandomAspects(60), sectionStarts: [0, 7, 30])
        checkInvariants(l)
        #expect(l.sectionCount == 3)
        for s in 0..<3 {
            let start = l.sectionStart(s)
            let h = l.headerFrame(ofSection: s)
            let first = l.frame(ofItem: start)
            #expect(isClose(h.maxY, first.minY), "section \(s) header sits right above its first row")
            #expect(first.minX == 0, "a section starts a new row")
            if start > 0 {
                #expect(h.minY >= l.frame(ofItem: start - 1).maxY, "header below the previous section")
            }
        }
        let visible = l.sections(
            intersectingTop: l.headerFrame(ofSection: 1).minY + 1, bottom: l.headerFrame(ofSection: 2).minY + 1)
        #expect(visible == 1..<3)
    }

    @Test func incrementalAppendEqualsFullLayout() async {
        await propertyCheck(
            count: 60, input: Gen.int(in: 1...400).array(of: 0...300), Gen.int(in: 1...40).array(of: 1...12),
            Gen.int(in: 0...1)
        ) { raw, chunks, styleBit in
            let aspects = raw.map { Float($0) / 100 }
            let config: LayoutConfiguration =
                styleBit == 0
                ? .justified(width: 900, targetRowHeight: 160, spacing: 3, headerHeight: 30)
                : .grid(width: 900, minimumTileWidth: 120, spacing: 3, headerHeight: 30)
            // Sections every 17 items.
            let sections = stride(from: 0, to: aspects.count, by: 17).map { Int32($0) }
            let full = GalleryLayout(configuration: config)
            full.append(aspectRatios: aspects, sectionStarts: sections)
            let incremental = GalleryLayout(configuration: config)
            var at = 0
            var k = 0
            while at < aspects.count {
                let n = min(chunks[k % chunks.count], aspects.count - at)
                let page = Array(aspects[at..<(at + n)])
                let pageSections = sections.filter { Int($0) >= at && Int($0) < at + n }
                let before = incremental.itemCount
                incremental.append(aspectRatios: page, sectionStarts: pageSections)
                #expect(incremental.firstChangedItem <= before)
                at += n
                k += 1
            }
            #expect(frames(incremental) == frames(full))
            #expect(incremental.contentHeight == full.contentHeight)
            #expect(incremental.sectionCount == full.sectionCount)
            #expect(incremental.rowCount == full.rowCount)
        }
    }

    @Test func appendBufferTakesItemsWithoutACopy() {
        let config = LayoutConfiguration.justified(width: 900, targetRowHeight: 150, spacing: 3, headerHeight: 20)
        let aspects = pseudoRandomAspects(250) + [.nan, 0, -2, .infinity, 40, 0.01]
        let copied = GalleryLayout(configuration: config)
        copied.append(aspectRatios: Array(aspects[0..<100]), sectionStarts: [0, 40])
        copied.append(aspectRatios: Array(aspects[100...]), sectionStarts: [180])
        let inPlace = GalleryLayout(configuration: config)
        for (range, starts) in [(0..<100, [Int32(0), 40]), (100..<aspects.count, [180])] {
            let buffer = inPlace.appendBuffer(count: range.count)
            for (k, i) in range.enumerated() { buffer[k] = aspects[i] }
            starts.withUnsafeBufferPointer {
                inPlace.append(aspectRatios: UnsafeBufferPointer(start: buffer, count: range.count), sectionStarts: $0)
            }
        }
        checkInvariants(inPlace)
        #expect(frames(inPlace) == frames(copied))
        #expect(inPlace.rowCount == copied.rowCount && inPlace.contentHeight == copied.contentHeight)
    }

    @Test func aspectClampTreatsInvalidRatiosAsSquare() {
        let clamp = JustifiedLayout.AspectClamp(minimum: 0.5, maximum: 3)
        #expect(clamp(.nan) == 1 && clamp(0) == 1 && clamp(-2) == 1 && clamp(.infinity) == 1)
        #expect(clamp(-.infinity) == 1 && clamp(.leastNonzeroMagnitude) == 0.5)
        #expect(clamp(0.1) == 0.5 && clamp(10) == 3 && clamp(1.25) == 1.25)
        // Limits that are not Floats round inwards, so boxes never leave the configured range.
        let third = JustifiedLayout.AspectClamp(minimum: 1.0 / 3, maximum: 2.0 / 3)
        #expect(third(0.01) >= 1.0 / 3 && third(5) <= 2.0 / 3)
        // Minimum above 1: square becomes the minimum.
        #expect(JustifiedLayout.AspectClamp(minimum: 2, maximum: 3)(.nan) == 2)
    }

    @Test func appendRelaysOnlyTheOpenRow() {
        let l = GalleryLayout(configuration: .justified(width: 1000, targetRowHeight: 200))
        l.append(aspectRatios: pseudoRandomAspects(100))
        let lastRowStart = l.items(inRow: l.rowCount - 1).lowerBound
        let before = frames(l)
        l.append(aspectRatios: pseudoRandomAspects(50, seed: 7))
        #expect(l.firstChangedItem == lastRowStart)
        #expect(Array(frames(l)[0..<lastRowStart]) == Array(before[0..<lastRowStart]))
    }

    @Test func hitTestingAndFrameExport() {
        let l = GalleryLayout(configuration: .justified(width: 1000, targetRowHeight: 200, spacing: 4))
        l.append(aspectRatios: pseudoRandomAspects(200))
        for i in stride(from: 0, to: 200, by: 7) {
            let f = l.frame(ofItem: i)
            #expect(l.item(at: f.center) == i)
        }
        #expect(l.item(at: Point(x: -5, y: 10)) == nil)
        var out = [Float](repeating: 0, count: 40)
        let origin = l.frame(ofItem: 50).minY
        out.withUnsafeMutableBufferPointer { l.writeFrames(of: 50..<60, originY: origin, into: $0.baseAddress!) }
        for k in 0..<10 {
            let f = l.frame(ofItem: 50 + k)
            #expect(abs(Double(out[4 * k]) - f.minX) < 1e-3)
            #expect(abs(Double(out[4 * k + 1]) - (f.minY - origin)) < 1e-3)
            #expect(abs(Double(out[4 * k + 2]) - f.width) < 1e-3)
        }
    }

    @Test func reconfigureRelaysEverything() {
        let l = GalleryLayout(configuration: .justified(width: 1000))
        l.append(aspectRatios: pseudoRandomAspects(300))
        l.reconfigure(.justified(width: 600))
        let fresh = GalleryLayout(configuration: .justified(width: 600))
        fresh.append(aspectRatios: pseudoRandomAspects(300))
        #expect(frames(l) == frames(fresh))
        l.reconfigure(.grid(width: 600, tileAspectRatio: 1))
        #expect(l.frame(ofItem: 299).width == l.frame(ofItem: 299).height)
        l.removeAll()
        #expect(l.itemCount == 0 && l.rowCount == 0)
    }
}
