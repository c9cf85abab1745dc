#if !hasFeature(Embedded)
    extension Diff {
        /// Diff of arbitrary `Hashable` ids (native only): maps ids to dense
        /// `Int32` handles, then runs the integer algorithm.
        public static func diff<ID: Hashable>(old: [ID], new: [ID]) -> ListDiff {
            var handles: [ID: Int32] = [:]
            handles.reserveCapacity(old.count + new.count)
            func handle(_ id: ID) -> Int32 {
                if let h = handles[id] { return h }
                let h = Int32(handles.count)
                handles[id] = h
                return h
            }
            let o = old.map(handle)
            let n = new.map(handle)
            return diff(old: o, new: n)
        }

        /// Applies a diff to a list of any element type.
        public static func apply<T>(_ diff: ListDiff, to old: [T], inserting new: [T]) -> [T]? {
            let indices = Diff.apply(diff, to: (0..<old.count).map { Int32($0) })
            guard let indices else { return nil }
            var out: [T] = []
            out.reserveCapacity(indices.count)
            var insertCursor = 0
            for (j, _) in indices.enumerated() {
                if insertCursor < diff.inserts.count && Int(diff.inserts[insertCursor]) == j {
                    out.append(new[j])
                    insertCursor += 1
                } else {
                    out.append(old[Int(indices[j])])
                }
            }
            return out
        }
    }
#endif
