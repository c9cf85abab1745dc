/// The session's events, one method each: each changes the state and the frame, and says whether the
/// loads are planned again (`handle` and the wasm exports run them through `respond`).
extension GallerySession {
    func viewport(width w: Double, height h: Double, density d: Double, _ frame: inout GalleryFrame) -> Bool {
        if w.isFinite && w > 0 && w != width {
            var c = layout.configuration
            c.layout.width = w
            reconfigure(c, &frame)
        }
        return resize(height: h, density: d)
    }

    /// The viewport's height and density changed; its width comes with the layout (`relayout`).
    func resize(height h: Double, density d: Double) -> Bool {
        height = h.isFinite && h > 0 ? h : 0
        density = d.isFinite && d > 0 ? d : 1
        return true
    }

    func relayout(_ configuration: TimelineConfiguration, _ frame: inout GalleryFrame) -> Bool {
        reconfigure(configuration, &frame)
        return false
    }

    /// New months (`set` lays them out): every load sent is cancelled, and the view goes to the top.
    func replaceMonths(_ set: (TimelineLayout) -> Void, _ frame: inout GalleryFrame) -> Bool {
        frame.cancel = sent
        if !selection.isEmpty { frame.selectionChanged = true }
        selection.removeAll()
        selectAnchor = nil
        paint = nil
        partialHi = partialLo
        readingID = 0
        wantsFull = false
        sent.removeAll()
        sentTimes.removeAll()
        planner.reset()
        set(layout)
        offset = 0
        stop()
        frame.scrollTo = 0
        return false
    }

    func placed(section: Int, start: Int, aspectRatios: UnsafeBufferPointer<Float>, _ frame: inout GalleryFrame) -> Bool
    {
        let correction = layout.setItems(
            section: section, start: start, aspectRatios: aspectRatios, anchorY: anchorLine)
        scroll(by: correction, &frame)
        return false
    }

    func release(_ frame: inout GalleryFrame) -> Bool {
        holding = false
        return true
    }

    func scroll(offset y: Double, time: Double, _ frame: inout GalleryFrame) -> Bool {
        advance(to: time)
        // Samples keep the frames' own times: the clock of the other events (a load's arrival, taken when
        // its task ran) may run ahead of the frame that took the scroll position.
        let t = time.isFinite ? (lastSample.map { time > $0 ? time : $0 } ?? time) : now
        if let last = lastSample, t - last >= GalleryPolicy.velocityRestart { stop() }
        // The grid moving under the finger is a scroll, not a press.
        if clamp(y) != offset { press = nil }
        offset = clamp(y)
        sample(offset, at: t)
        return true
    }

    func jump(offset y: Double, _ frame: inout GalleryFrame) -> Bool {
        if clamp(y) != offset { press = nil }
        offset = clamp(y)
        stop()
        return true
    }

    func press(_ key: GalleryKey, _ frame: inout GalleryFrame) -> Bool {
        let page = height - layout.configuration.layout.insets.top - policy.pageOverlap
        switch key {
        case .home: offset = 0
        case .end: offset = maximumOffset
        case .pageUp: offset = clamp(offset - page)
        case .pageDown: offset = clamp(offset + page)
        }
        stop()
        frame.scrollTo = offset
        return true
    }

    func scrubbing(_ on: Bool, _ frame: inout GalleryFrame) -> Bool {
        scrubbing = on
        stop()
        return true
    }

    func pageArrived(
        id: Int32, aspectRatios: UnsafeBufferPointer<Float>, time: Double, _ frame: inout GalleryFrame
    ) -> Bool {
        advance(to: time)
        if let request = arrived(id) {
            completionOver(request, failed: false)
            failures = 0
            let at = request.items.lowerBound
            let correction = layout.setItems(
                section: request.section, start: at, aspectRatios: aspectRatios, anchorY: anchorLine)
            scroll(by: correction, &frame)
        }
        return true
    }

    func pageFailed(id: Int32, time: Double, _ frame: inout GalleryFrame) -> Bool {
        advance(to: time)
        if let request = arrived(id) {
            failed()
            completionOver(request, failed: true)
        }
        return true
    }

    func retryNow(time: Double, _ frame: inout GalleryFrame) -> Bool {
        advance(to: time)
        failures = 0
        retryAt = nil
        failureStands = false
        return true
    }

    func tick(time: Double, _ frame: inout GalleryFrame) -> Bool {
        advance(to: time)
        if let last = lastSample, now - last >= GalleryPolicy.scrollIdle { stop() }
        firePress(&frame)
        return true
    }

    /// A live change: `removing` photos at `index` of month `section` replaced by photos with these aspects.
    func spliced(
        section: Int, at index: Int, removing: Int, aspectRatios: UnsafeBufferPointer<Float>,
        _ frame: inout GalleryFrame
    ) -> Bool {
        let top = offset < 1
        if section >= 0, section < layout.sectionCount, index >= 0 {
            let at = TimelineLayout.add(layout.sectionFirstItem(section), index)
            shiftSelection(at: at, inserted: aspectRatios.count, removed: removing)
            shiftPartial(at: at, inserted: aspectRatios.count, removed: removing)
        }
        let correction = layout.spliceItems(
            section: section, at: index, removing: removing, aspectRatios: aspectRatios, anchorY: anchorLine)
        // At the very top, new photos show there.
        scroll(by: top ? -offset : correction, &frame)
        return false
    }

    func openViewer(_ index: Int?, count: Int, _ frame: inout GalleryFrame) -> Bool {
        viewerCount = count > 0 ? count : 0
        viewer = index.flatMap { $0 >= 0 && $0 < viewerCount ? $0 : nil }
        return false
    }

    func removed(_ indices: [Int], _ frame: inout GalleryFrame) -> Bool {
        forget(indices)
        return false
    }
}
