/// The changes that turn one list of ids into another, in UIKit batch-update
/// terms: delete old indices, insert new indices, move old → new; everything
/// else stays and keeps its relative order.
public struct ListDiff: Equatable, Sendable {
    /// Indices into the old list, ascending.
    public var deletes: [Int32] = []
    /// Indices into the new list, ascending, with the ids inserted there.
    public var inserts: [Int32] = []
    public var insertedIDs: [Int32] = []
    /// Old index → new index of items that changed relative order.
    public var moveFrom: [Int32] = []
    public var moveTo: [Int32] = []

    public init() {}

    public var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && moveFrom.isEmpty }
}

/// Heckel's linear-time list diff (CACM 1978) on integer ids.
///
/// Integer ids because that is what crosses the wasm boundary (JS maps asset
/// ids to Int32 handles) and because hashing an `Int32` needs no `Hashable`
/// machinery in Embedded Swift. The symbol table is a small open-addressing
/// hash table, so the whole diff is O(n + m).
///
/// Moves: Heckel yields matched pairs; a single pass then walks the new list
/// with a cursor over the old one. A matched item at the cursor stays; a
/// mismatch marks as moved whichever of the two is displaced further, so
/// "one item jumped" costs one move, not a shifted run of them.
public enum Diff {
    public static func diff(old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>) -> ListDiff {
        let n = old.count
        let m = new.count
        var result = ListDiff()
        // Symbol table: per distinct id, occurrence counts (0, 1, 2 = many) and the old index.
        var table = IntTable(minimumCapacity: n + m)
        var oldCount = [UInt8](repeating: 0, count: n + m)
        var newCount = [UInt8](repeating: 0, count: n + m)
        var lastOld = [Int32](repeating: -1, count: n + m)
        var newSymbol = [Int32](repeating: 0, count: m)
        var oldSymbol = [Int32](repeating: 0, count: n)
        for j in 0..<m {
            let s = table.symbol(for: new[j])
            newSymbol[j] = s
            if newCount[Int(s)] < 2 { newCount[Int(s)] += 1 }
        }
        for i in 0..<n {
            let s = table.symbol(for: old[i])
            oldSymbol[i] = s
            if oldCount[Int(s)] < 2 { oldCount[Int(s)] += 1 }
            lastOld[Int(s)] = Int32(i)
        }
        // Pass 3: ids occurring exactly once in each list are matched.
        var newToOld = [Int32](repeating: -1, count: m)
        var oldToNew = [Int32](repeating: -1, count: n)
        for j in 0..<m {
            let s = Int(newSymbol[j])
            if oldCount[s] == 1 && newCount[s] == 1 {
                let i = Int(lastOld[s])
                newToOld[j] = Int32(i)
                oldToNew[i] = Int32(j)
            }
        }
        // Passes 4 and 5: extend matches to equal unmatched neighbours (handles duplicates next to unique ids).
        if m > 1 {
            for j in 0..<(m - 1) {
                let i = Int(newToOld[j])
                if i >= 0 && i + 1 < n && newToOld[j + 1] < 0 && oldToNew[i + 1] < 0 && new[j + 1] == old[i + 1] {
                    newToOld[j + 1] = Int32(i + 1)
                    oldToNew[i + 1] = Int32(j + 1)
                }
            }
            var j = m - 1
            while j > 0 {
                let i = Int(newToOld[j])
                if i > 0 && newToOld[j - 1] < 0 && oldToNew[i - 1] < 0 && new[j - 1] == old[i - 1] {
                    newToOld[j - 1] = Int32(i - 1)
                    oldToNew[i - 1] = Int32(j - 1)
                }
                j -= 1
            }
        }
        for i in 0..<n where oldToNew[i] < 0 { result.deletes.append(Int32(i)) }
        // Moves: walk new order with a cursor over old items that are neither deleted nor moved.
        var consumed = [Bool](repeating: false, count: n)
        var cursor = 0
        for j in 0..<m {
            let i = Int(newToOld[j])
            if i < 0 {
                result.inserts.append(Int32(j))
                result.insertedIDs.append(new[j])
                continue
            }
            if consumed[i] {
                result.moveFrom.append(Int32(i))
                result.moveTo.append(Int32(j))
                continue
            }
            while true {
                while cursor < n && (oldToNew[cursor] < 0 || consumed[cursor]) { cursor += 1 }
                if cursor == i {
                    consumed[i] = true
                    cursor += 1
                    break
                }
                // Old item at the cursor is out of place relative to this one: move whichever travels further.
                let cursorTarget = Int(oldToNew[cursor])
                let displacementHere = i > j ? i - j : j - i
                let displacementCursor = cursorTarget > cursor ? cursorTarget - cursor : cursor - cursorTarget
                if displacementCursor > displacementHere {
                    consumed[cursor] = true  // will be recorded as a move when the walk reaches its new index
                    cursor += 1
                    continue
                }
                consumed[i] = true
                result.moveFrom.append(Int32(i))
                result.moveTo.append(Int32(j))
                break
            }
        }
        return result
    }

    public static func diff(old: [Int32], new: [Int32]) -> ListDiff {
        old.withUnsafeBufferPointer { o in new.withUnsafeBufferPointer { n in diff(old: o, new: n) } }
    }

    /// Applies `diff` to `old` with UIKit batch-update semantics; returns nil if
    /// the diff is inconsistent with `old`. Tests use it to prove that a diff
    /// really transforms the old list into the new one.
    public static func apply(_ diff: ListDiff, to old: [Int32]) -> [Int32]? {
        let newCount = old.count - diff.deletes.count + diff.inserts.count
        guard newCount >= 0, diff.inserts.count == diff.insertedIDs.count, diff.moveFrom.count == diff.moveTo.count
        else { return nil }
        var slots = [Int32](repeating: 0, count: newCount)
        var filled = [Bool](repeating: false, count: newCount)
        var leaving = [Bool](repeating: false, count: old.count)
        for d in diff.deletes {
            guard d >= 0 && Int(d) < old.count && !leaving[Int(d)] else { return nil }
            leaving[Int(d)] = true
        }
        for k in 0..<diff.inserts.count {
            let j = Int(diff.inserts[k])
            guard j >= 0 && j < newCount && !filled[j] else { return nil }
            slots[j] = diff.insertedIDs[k]
            filled[j] = true
        }
        for k in 0..<diff.moveFrom.count {
            let i = Int(diff.moveFrom[k])
            let j = Int(diff.moveTo[k])
            guard i >= 0 && i < old.count && !leaving[i], j >= 0 && j < newCount && !filled[j] else { return nil }
            leaving[i] = true
            slots[j] = old[i]
            filled[j] = true
        }
        var j = 0
        for i in 0..<old.count where !leaving[i] {
            while j < newCount && filled[j] { j += 1 }
            guard j < newCount else { return nil }
            slots[j] = old[i]
            filled[j] = true
        }
        for f in filled where !f { return nil }
        return slots
    }
}

/// Open-addressing hash table from `Int32` id to a dense symbol number.
struct IntTable {
    var keys: [Int32]
    var symbols: [Int32]
    var mask: Int
    var nextSymbol: Int32 = 0

    init(minimumCapacity: Int) {
        var size = 16
        while size < minimumCapacity * 2 { size <<= 1 }
        keys = [Int32](repeating: 0, count: size)
        symbols = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    /// The symbol of `key`, assigning the next one if new.
    mutating func symbol(for key: Int32) -> Int32 {
        // Fibonacci hashing spreads sequential ids (the common case) across the table.
        var h = Int((UInt32(bitPattern: key) &* 2_654_435_769) >> 7) & mask
        while true {
            let s = symbols[h]
            if s < 0 {
                keys[h] = key
                symbols[h] = nextSymbol
                nextSymbol += 1
                return symbols[h]
            }
            if keys[h] == key { return s }
            h = (h + 1) & mask
        }
    }
}
