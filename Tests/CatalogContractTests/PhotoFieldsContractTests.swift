import Catalog
import TestSupport
import Testing
import VitrineCore

/// A photo's camera settings and place, stored one column per field, come back whole through every way in
/// (one insert, a bulk insert, an edit that rewrites the row) and every way out (by id, by hash, a page, a
/// detail, another connection).
@Suite struct PhotoFieldsContractTests {
    let folder = TemporaryDirectory("contract-fields")

    static func photo(takenAt: Int64, camera: CameraSettings, location: GeoPoint?) -> PhotoRecord {
        var photo = Samples.record(takenAt: takenAt)
        (photo.camera, photo.location, photo.colorfulness) = (camera, location, 0.25)
        return photo
    }

    static let typical = photo(
        takenAt: 3,
        camera: CameraSettings(
            make: "Canon", model: "Canon EOS 70D", lens: "EF50mm f/1.8 II", exposureTime: 1.0 / 250, fNumber: 2.8,
            iso: 400, focalLength: 50),
        location: GeoPoint(latitude: -33.865, longitude: 151.21))
    /// Every number at an end of its range.
    static let edges = photo(
        takenAt: 2,
        camera: CameraSettings(exposureTime: 1e-9, fNumber: 1024, iso: 10_000_000, focalLength: 0.1),
        location: GeoPoint(latitude: 90, longitude: -180))
    static let bare = photo(takenAt: 1, camera: CameraSettings(make: "Nokia"), location: nil)

    @Test(arguments: CatalogUnderTest.all)
    func cameraSettingsAndPlaceRoundTrip(_ kind: CatalogUnderTest) async throws {
        let catalog = try await kind.open(in: folder)
        for photo in [Self.typical, Self.edges] {
            try await catalog.insert(photo, variants: Samples.variants(for: photo.id))
        }
        try await catalog.insertMany([(Self.bare, Samples.variants(for: Self.bare.id), [])])
        let all = [Self.typical, Self.edges, Self.bare]
        for photo in all {
            #expect(try await catalog.photo(id: photo.id)?.photo == photo)
            #expect(try await catalog.photo(contentHash: photo.contentHash) == photo)
            #expect(try await catalog.detail(id: photo.id)?.item.photo == photo)
        }
        #expect(try await catalog.page(after: nil, limit: 10).items.map(\.photo) == all, "newest first")

        let edited = try #require(try await catalog.update(id: Self.typical.id, CatalogEdit(title: "Harbour")))
        #expect(edited.photo.camera == Self.typical.camera && edited.photo.location == Self.typical.location)
        let reread = try await kind.open(in: folder).photo(id: Self.typical.id)?.photo
        #expect(reread?.title == "Harbour")
        #expect(reread?.camera == Self.typical.camera && reread?.location == Self.typical.location)
    }
}
