extension TimelineSection {
    /// Stores the aspects of photos `start..<start + aspects.count` (the caller
    /// clips the range to the month), merging with the runs it overlaps or touches.
    mutating func setItems(start: Int, aspects: UnsafeBufferPointer<Float>, configuration: LayoutConfiguration) {
        let end = start + aspects.count
        var first = runs.count
        var last = -1
        for k in 0..<runs.count where runs[k].end >= start && runs[k].start <= end {
            if k < first { first = k }
            last = k
        }
        if last < 0 {
            var at = 0
            while at < runs.count && runs[at].start < start { at += 1 }
            replaceRuns(
                at..<at,
                with: Self.makeRun(start: start, count: aspects.count, configuration: configuration) { i in aspects[i] }
            )
            return
        }
        let head = runs[first]
        if first == last && head.start < start && head.end == start {
            // A page continuing a run: packing resumes from the run's open last row.
            head.layout.append(aspectRatios: aspects, sectionStarts: UnsafeBufferPointer(start: nil, count: 0))
            return
        }
        let tail = runs[last]
        let mergedStart = head.start < start ? head.start : start
        let mergedEnd = tail.end > end ? tail.end : end
        let merged = Self.makeRun(start: mergedStart, count: mergedEnd - mergedStart, configuration: configuration) {
            i in
            let index = mergedStart + i
            if index >= start && index < end { return aspects[index - start] }
            for k in first...last where index >= runs[k].start && index < runs[k].end {
                return runs[k].aspect(index - runs[k].start)
            }
            return 1
        }
        replaceRuns(first..<(last + 1), with: merged)
    }

    /// Replaces the `removing` photos at `index` by photos with these aspects (a live change): the runs
    /// after them move, and a run they fall in or next to takes the new ones in and closes over the
    /// removed ones.
    mutating func splice(
        at index: Int, removing: Int, aspects: UnsafeBufferPointer<Float>, configuration: LayoutConfiguration
    ) {
        let n = aspects.count
        let delta = n - removing
        count += delta
        var host = -1
        for k in 0..<runs.count {
            let run = runs[k]
            if host < 0 && run.start <= index && index + removing <= run.end {
                host = k
            } else if run.start >= index + removing {
                run.start += delta
            }
        }
        guard host >= 0 else {
            guard n > 0 else { return }
            var at = 0
            while at < runs.count && runs[at].start < index { at += 1 }
            replaceRuns(
                at..<at, with: Self.makeRun(start: index, count: n, configuration: configuration) { i in aspects[i] })
            return
        }
        let old = runs[host]
        let split = index - old.start
        let run = Self.makeRun(start: old.start, count: old.count + delta, configuration: configuration) { i in
            if i < split { return old.aspect(i) }
            if i < split + n { return aspects[i - split] }
            return old.aspect(i - delta)
        }
        if run.count > 0 {
            runs[host] = run
            return
        }
        var next: [TimelineRun] = []
        for k in 0..<runs.count where k != host { next.append(runs[k]) }
        runs = next
    }

    /// Replaces `runs[range]` by `run`. Built by appending (runs are few): the
    /// generic insert and replace of `Array` would each add their own code to the wasm.
    mutating func replaceRuns(_ range: Range<Int>, with run: TimelineRun) {
        var next: [TimelineRun] = []
        next.reserveCapacity(runs.count + 1)
        for k in 0..<range.lowerBound { next.append(runs[k]) }
        next.append(run)
        for k in range.upperBound..<runs.count { next.append(runs[k]) }
        runs = next
    }

    /// A run of `count` photos whose aspects `aspect(i)` gives, laid out at once.
    static func makeRun(
        start: Int, count: Int, configuration: LayoutConfiguration, _ aspect: (Int) -> Float
    ) -> TimelineRun {
        let layout = GalleryLayout(configuration: configuration)
        let n = count > 0 ? count : 0
        let buffer = layout.appendBuffer(count: n)
        for i in 0..<n { buffer[i] = aspect(i) }
        layout.append(
            aspectRatios: UnsafeBufferPointer(start: buffer, count: n),
            sectionStarts: UnsafeBufferPointer(start: nil, count: 0))
        return TimelineRun(start: start, layout: layout)
    }

    /// Re-lays every run with a new configuration (a resize or a change of style).
    func reconfigureRuns(_ configuration: LayoutConfiguration) {
        for run in runs { run.layout.reconfigure(configuration) }
    }
}
