/// Where a photo was taken: a point on the globe, in degrees.
///
/// Both coordinates or neither: a latitude without its longitude places nothing, so there is no value with
/// one of them. A `GeoPoint` is on the globe by construction (every way to make one checks the ranges, and a
/// range holds no NaN or infinity), so whoever holds one may write it as JSON or compute with it; the import
/// (from EXIF), the catalogs (from a row) and the API all make theirs through `init?(latitude:longitude:)`.
public struct GeoPoint: Sendable, Equatable, Codable {
    /// Degrees north, −90…90.
    public let latitude: Double
    /// Degrees east, −180…180.
    public let longitude: Double

    public static let latitudeRange: ClosedRange<Double> = -90...90
    public static let longitudeRange: ClosedRange<Double> = -180...180

    /// The point, when both coordinates are given and on the globe; nil otherwise.
    public init?(latitude: Double?, longitude: Double?) {
        guard let latitude, Self.latitudeRange.contains(latitude), let longitude,
            Self.longitudeRange.contains(longitude)
        else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Decoding checks as construction does, so that a point off the globe cannot come in through JSON.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        guard let point = GeoPoint(latitude: latitude, longitude: longitude) else {
            throw DecodingError.dataCorruptedError(
                forKey: .latitude, in: container,
                debugDescription: "(\(latitude), \(longitude)) is not on the globe")
        }
        self = point
    }

    enum CodingKeys: String, CodingKey { case latitude, longitude }
}
