/// How a photo was taken, as its file recorded it: the camera, the lens and the exposure.
///
/// One description for every layer: the import reads it from EXIF, the catalog stores it in one column per
/// field, the API writes it as flat fields of the detail. Each field is optional because scans, screenshots
/// and edited files routinely lack any of them.
///
/// A value holds what it was given: a file or a catalog row may carry any number, so `sanitized()` (for what
/// a file says) and `finite()` (for what a row says) are the checks each reader applies before a number is
/// stored, used in arithmetic or written as JSON.
public struct CameraSettings: Sendable, Equatable, Codable {
    public var make: String?
    public var model: String?
    public var lens: String?
    /// Seconds, e.g. 0.004 for 1/250.
    public var exposureTime: Double?
    public var fNumber: Double?
    public var iso: Int?
    /// Millimetres.
    public var focalLength: Double?

    public init(
        make: String? = nil, model: String? = nil, lens: String? = nil, exposureTime: Double? = nil,
        fNumber: Double? = nil, iso: Int? = nil, focalLength: Double? = nil
    ) {
        self.make = make
        self.model = model
        self.lens = lens
        self.exposureTime = exposureTime
        self.fNumber = fNumber
        self.iso = iso
        self.focalLength = focalLength
    }

    /// Flat keys, the same as the catalog's column names and the API's field names, so that a record or a
    /// wire type that holds the settings encodes them beside its own fields (`encode(to:)` with the
    /// enclosing encoder), not as a nested object.
    enum CodingKeys: String, CodingKey {
        case make = "cameraMake"
        case model = "cameraModel"
        case lens, exposureTime, fNumber, iso, focalLength
    }
}

extension CameraSettings {
    /// Seconds; from 1/1 000 000 000 s to a day (long-exposure astrophotography stays far below).
    public static let exposureTimeRange: ClosedRange<Double> = 1e-9...86_400
    /// From f/0.3 (the fastest lenses are about f/0.33) to f/1024 (pinholes).
    public static let fNumberRange: ClosedRange<Double> = 0.3...1024
    /// Millimetres; from 0.1 mm to 100 m (telescopes).
    public static let focalLengthRange: ClosedRange<Double> = 0.1...100_000
    /// Cameras write 0 for "unknown"; the highest settings sold are in the millions.
    public static let isoRange: ClosedRange<Int> = 1...10_000_000

    /// The same settings with every number outside its range dropped: what an import keeps of a file. A
    /// range never contains NaN or an infinity, so what remains encodes as JSON and is safe in arithmetic.
    public func sanitized() -> CameraSettings {
        var copy = self
        copy.exposureTime = exposureTime.flatMap { Self.exposureTimeRange.contains($0) ? $0 : nil }
        copy.fNumber = fNumber.flatMap { Self.fNumberRange.contains($0) ? $0 : nil }
        copy.focalLength = focalLength.flatMap { Self.focalLengthRange.contains($0) ? $0 : nil }
        copy.iso = iso.flatMap { Self.isoRange.contains($0) ? $0 : nil }
        return copy
    }

    /// The same settings with every NaN and infinity dropped: what the API answers for a catalog row. A row
    /// is trusted to be well-formed, not to be in range (an older version, a hand edit or a bug may have
    /// stored any number), and JSON has no infinity or NaN; an out-of-range finite number is shown as stored.
    public func finite() -> CameraSettings {
        var copy = self
        copy.exposureTime = exposureTime.flatMap { $0.isFinite ? $0 : nil }
        copy.fNumber = fNumber.flatMap { $0.isFinite ? $0 : nil }
        copy.focalLength = focalLength.flatMap { $0.isFinite ? $0 : nil }
        return copy
    }
}
