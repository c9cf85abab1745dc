/// Finds a fixed byte string in a stream fed one byte at a time (Knuth–Morris–Pratt).
///
/// Each byte is looked at a bounded number of times however the stream is cut into chunks and whatever
/// the needle repeats, so a search over a body costs time linear in the body.
struct StreamMatcher {
    let needle: [UInt8]
    /// `fallback[k]`: the length of the longest proper prefix of `needle[0..<k]` that is also its suffix.
    private let fallback: [Int]
    /// How many leading bytes of `needle` the bytes seen so far end with.
    private(set) var matched = 0

    init(_ needle: [UInt8]) {
        precondition(!needle.isEmpty, "a matcher needs a needle")
        self.needle = needle
        var fallback = [Int](repeating: 0, count: needle.count + 1)
        var length = 0
        for index in needle.indices.dropFirst() {
            while length > 0, needle[index] != needle[length] { length = fallback[length] }
            if needle[index] == needle[length] { length += 1 }
            fallback[index + 1] = length
        }
        self.fallback = fallback
    }

    /// Takes the next byte; true when it completes the needle. `comparisons` counts the bytes compared.
    mutating func advance(_ byte: UInt8, comparisons: inout Int) -> Bool {
        if matched == needle.count { matched = fallback[matched] }
        while true {
            comparisons += 1
            if needle[matched] == byte {
                matched += 1
                return matched == needle.count
            }
            guard matched > 0 else { return false }
            matched = fallback[matched]
        }
    }

    mutating func reset() { matched = 0 }
}
