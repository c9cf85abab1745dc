/// Places the client holds only in part: a first screen's inline photos carry what the grid draws, and
/// their places are read again, in full, in one load of the session's own. It goes once the first
/// screen is released, no other load is in flight and the view rests, so it never holds back a load
/// the screen waits for; or at once when the client needs them (the viewer or a tile's menu opens).
///
/// They are one run of library indices, `partialLo..<partialHi` (the inline page is one run), kept
/// through live changes; runs declared apart are read as the run that spans them.
extension GallerySession {
    /// `count` places from `start` of month `section` are held in part; places outside the month are
    /// left out. Nothing is planned: the client places its photos around this, and the next event plans.
    @inline(never)
    func held(section: Int, start: Int, count: Int) -> Bool {
        guard let size = layout.month(of: section)?.count, start >= 0, count > 0, start < size else { return false }
        let first = layout.sectionFirstItem(section)
        let end = TimelineLayout.add(start, count)
        let lo = TimelineLayout.add(first, start)
        let hi = TimelineLayout.add(first, end < size ? end : size)
        if partialLo >= partialHi || lo < partialLo { partialLo = lo }
        if hi > partialHi { partialHi = hi }
        return false
    }

    /// The client needs the places held in part now: their read goes at the next plan, and again after
    /// a failure as soon as its retry is due, until it arrives.
    @inline(never)
    func readInFull() -> Bool {
        wantsFull = partialLeft > 0
        return wantsFull
    }

    /// The run held in part left to read (1) or none (0), its read in flight included.
    var partialLeft: Int { partialLo < partialHi || readingID != 0 ? 1 : 0 }

    /// Starts the read of the places held in part when it is due (the caller checked that nothing
    /// blocks loading): the client needs them, even before the first screen's hold ends, or the hold
    /// ended, nothing else is in flight and the view rests.
    @inline(never)
    func planCompletion(_ frame: inout GalleryFrame) {
        guard partialLo < partialHi, wantsFull || (!holding && sent.isEmpty && velocity == 0),
            let at = layout.location(of: partialLo)
        else { return }
        let r = TimelineRequest(
            id: planner.takeID(), section: at.section,
            items: at.item..<TimelineLayout.add(at.item, partialHi - partialLo))
        frame.start.append(r)
        sent.append(r)
        sentTimes.append(now)
        readingID = r.id
        partialHi = partialLo
    }

    /// Load `request` is over (it left `sent`): when it was the read of the places held in part and it
    /// failed, they are read again.
    @inline(never)
    func completionOver(_ request: TimelineRequest, failed: Bool) {
        guard readingID != 0, request.id == readingID else { return }
        readingID = 0
        if failed {
            partialLo = TimelineLayout.add(layout.sectionFirstItem(request.section), request.items.lowerBound)
            partialHi = TimelineLayout.add(partialLo, request.items.count)
        } else {
            wantsFull = false
        }
    }

    /// The run not read yet follows a live change at library index `index`: `inserted` photos came and
    /// `removed` left. Photos that came inside it are read with it.
    @inline(never)
    func shiftPartial(at index: Int, inserted: Int, removed: Int) {
        guard partialLo < partialHi else { return }
        if index < partialLo {
            partialLo = TimelineLayout.add(index > partialLo - removed ? index : partialLo - removed, inserted)
        }
        if index < partialHi {
            partialHi = TimelineLayout.add(index > partialHi - removed ? index : partialHi - removed, inserted)
        }
    }
}
