/// Names for photos in an archive: the day and time each was taken, so that an unpacked folder sorts as
/// the timeline does, never a name that came from outside (an upload's file name may hold `../`, a
/// drive letter or a control character). Two photos taken in the same second are numbered.
public struct ZipNames: Sendable {
    /// How many photos took each name so far: a name is only ever numbered from its own count, so a
    /// million photos of one second cost one lookup each.
    private var counts: [String: Int] = [:]

    public init() {}

    /// `2015-05-03 14.22.05.jpg`, or `2015-05-03 14.22.05 (2).jpg` for the second photo of that second.
    /// `wallClock` is the photo's ISO 8601 wall-clock time; a value that does not start as one gives
    /// `photo`. `fileExtension` keeps only lowercase ASCII letters and digits (at most 8): anything else
    /// gives `bin`.
    public mutating func name(wallClock: String, fileExtension: String) -> String {
        let stem = Self.stem(wallClock)
        let ext = Self.cleanExtension(fileExtension)
        let name = "\(stem).\(ext)"
        let count = (counts[name] ?? 0) + 1
        counts[name] = count
        // A stem never ends in ")", so a numbered name is never another photo's own.
        return count == 1 ? name : "\(stem) (\(count)).\(ext)"
    }

    static func stem(_ wallClock: String) -> String {
        let bytes = Array(wallClock.utf8.prefix(19))
        guard bytes.count == 19, DOSDateTime(wallClock: wallClock) != nil else { return "photo" }
        let digits = { (r: Range<Int>) in String(decoding: bytes[r], as: UTF8.self) }
        return "\(digits(0..<10)) \(digits(11..<13)).\(digits(14..<16)).\(digits(17..<19))"
    }

    static func cleanExtension(_ raw: String) -> String {
        let lower = raw.lowercased()
        guard !lower.isEmpty, lower.utf8.count <= 8,
            lower.utf8.allSatisfy({
                ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
                    || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
            })
        else { return "bin" }
        return lower
    }
}
