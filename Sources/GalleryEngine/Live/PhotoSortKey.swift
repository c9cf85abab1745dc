/// A photo's place in the newest-first order, as the server sorts pages and the change feed writes it:
/// the time taken (ms since the epoch, a time without a zone read as UTC), then the id's bytes, the
/// larger first.
public struct PhotoSortKey: Equatable, Sendable {
    public var takenAt: Int64
    public var id: [UInt8]

    public init(takenAt: Int64, id: [UInt8]) {
        self.takenAt = takenAt
        self.id = id
    }

    /// Whether this key comes first: taken later, or at the same time with the larger id (compared as
    /// bytes, as the catalogs do).
    public func isNewer(than other: PhotoSortKey) -> Bool {
        if takenAt != other.takenAt { return takenAt > other.takenAt }
        let n = id.count < other.id.count ? id.count : other.id.count
        var k = 0
        while k < n {
            if id[k] != other.id[k] { return id[k] > other.id[k] }
            k += 1
        }
        return id.count > other.id.count
    }

    /// The UTC month the photo belongs to, as `year × 100 + month` (2019-03 is 201903): the timeline's
    /// section for it.
    public var month: Int32 { Self.month(ofMilliseconds: takenAt) }

    /// The UTC month of a time in ms since the epoch, as `year × 100 + month` (days to civil date after
    /// Howard Hinnant's algorithm, exact for every Int64 day count a photo can carry).
    public static func month(ofMilliseconds ms: Int64) -> Int32 {
        let msPerDay: Int64 = 86_400_000
        var days = ms / msPerDay
        if ms % msPerDay < 0 { days -= 1 }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        let clamped = year < -20_000 ? -20_000 : (year > 20_000 ? 20_000 : year)
        return Int32(clamped * 100 + month)
    }
}
