import GalleryEngine
import VitrineAPI

extension TimelineStore {
    /// Applies change-feed messages, oldest first, as the web grid does: each photo leaves the month it
    /// was in and goes to the one its sort key names (made when new) at the place GalleryEngine's live
    /// rules give it, and the session keeps the photo under the top bar where it is on screen. Under a
    /// filter only the server knows what matches, so the months are read again. When the rules cannot
    /// say where a photo was (it was not loaded), the counts may be off: the months are read again too.
    public func apply(_ messages: [ChangeMessage]) async throws {
        let filtered = query.text != nil || !query.tags.isEmpty || query.album != nil || query.favorite
        var stale = filtered && !messages.isEmpty
        if !filtered {
            for message in messages where message.kind != "album" {
                if !place(message) { stale = true }
            }
        }
        if stale { try await reopen() }
    }

    /// One message; false when the counts may no longer hold.
    func place(_ message: ChangeMessage) -> Bool {
        let rules = LiveChangeRules(boundedAbove: true, boundedBelow: true, keepsGaps: true)
        let id = Array(message.id.utf8)
        let photo = message.photo.flatMap { $0.id == message.id ? $0 : nil }
        let kind: LiveChange<PhotoSummary>.Kind =
            photo == nil ? .delete : message.kind == "insert" ? .insert : .update
        let key = message.sortKey.engineKey
        let from = photos.firstIndex { month in month.values.contains { $0.id == message.id } }
        let target = photo == nil ? nil : Int(key.month)
        // A photo that changes month leaves its old one as a delete and enters the new one as an insert.
        var left = false
        if let from, kind == .delete || monthKey(from) != target {
            change(section: from, LiveChange(kind: .delete, id: id, key: key, photo: nil), rules)
            left = true
        } else if from == nil, kind == .delete {
            return false
        }
        guard let photo, let target else { return true }
        let section = section(for: target)
        let outcome = change(
            section: section, LiveChange(kind: left ? .insert : kind, id: id, key: key, photo: photo), rules)
        return !outcome.isUncertain
    }

    /// Month `s` as `year × 100 + month`, in 64 bits: a year the server sent never overflows it.
    func monthKey(_ s: Int) -> Int { Int(months[s].year) * 100 + Int(months[s].month) }

    /// The section of month `key`, made (empty) in order when there is none; the library is laid out again
    /// with what is loaded.
    func section(for key: Int) -> Int {
        if let s = months.indices.first(where: { monthKey($0) == key }) { return s }
        let at = months.indices.first { monthKey($0) < key } ?? months.count
        months.insert(
            TimelineMonth(year: Int32(clamping: key / 100), month: Int32(clamping: key % 100), count: 0), at: at)
        photos.insert([:], at: at)
        relayout()
        return at
    }

    /// Applies `change` to month `s` and tells the session what moved; a month left empty goes.
    @discardableResult
    func change(section s: Int, _ change: LiveChange<PhotoSummary>, _ rules: LiveChangeRules) -> LiveOutcome {
        var places = MonthPlaces(count: months[s].count, loaded: photos[s])
        let outcome = rules.apply(change, to: &places)
        photos[s] = places.loaded
        months[s].count = places.count
        if months[s].count == 0 {
            months.remove(at: s)
            photos.remove(at: s)
            relayout()
            return outcome
        }
        if let removed = outcome.removed { apply(session.handle(.deleted(section: s, index: removed))) }
        if let inserted = outcome.inserted {
            if outcome.isExact, let photo = change.photo {
                apply(session.handle(.inserted(section: s, index: inserted, aspectRatios: [Self.aspect(of: photo)])))
            } else {
                relayout()
            }
        }
        if let replaced = outcome.replaced, let photo = change.photo {
            apply(session.handle(.placed(section: s, start: replaced, aspectRatios: [Self.aspect(of: photo)])))
        }
        return outcome
    }

    /// The months laid out again, with every loaded run placed, keeping the place in time.
    func relayout() {
        let offset = session.offset
        apply(session.handle(.months(months)))
        for (s, loaded) in photos.enumerated() {
            // Each run of loaded places in one call.
            var start = -1
            var aspects: [Float] = []
            for k in loaded.keys.sorted() + [Int.max] {
                if start >= 0, k == start + aspects.count, let photo = loaded[k] {
                    aspects.append(Self.aspect(of: photo))
                    continue
                }
                if start >= 0 { _ = session.handle(.placed(section: s, start: start, aspectRatios: aspects)) }
                start = k
                aspects = loaded[k].map { [Self.aspect(of: $0)] } ?? []
            }
        }
        apply(session.handle(.jump(offset: offset)))
    }

    /// The months read again, what is loaded kept where a month's count did not change.
    func reopen() async throws {
        let timeline = try await client.timeline(query)
        var kept: [Int: (count: Int, loaded: [Int: PhotoSummary])] = [:]
        for (s, month) in months.enumerated() { kept[monthKey(s)] = (month.count, photos[s]) }
        months = timeline.months.map {
            TimelineMonth(year: Int32(clamping: $0.year), month: Int32(clamping: $0.month), count: max(0, $0.count))
        }
        photos = months.indices.map { s in
            guard let k = kept[monthKey(s)], k.count == months[s].count else { return [:] }
            return k.loaded
        }
        relayout()
    }
}
