import Foundation
import Testing
import VitrineAPI

/// The detail's bytes as clients have always read them: camera settings as flat fields after
/// `takenAtSource`, the place as a `location` object, absent values left out.
@Suite struct PhotoDetailBytesTests {
    static let variant = VariantInfo(url: "/assets/a.jpg", width: 400, height: 300, jpegUrl: nil)
    static let placeholder = Placeholder(thumbHash: "AbC=", averageColor: "#102030")

    static func detail(camera: CameraSettings, location: GeoPoint?, offset: Int?) -> PhotoDetail {
        PhotoDetail(
            id: "abc", width: 4000, height: 3000, title: offset == nil ? nil : "Harbour", originalName: "a.jpg",
            format: "jpeg", mimeType: "image/jpeg", byteSize: 123456, takenAt: "2021-06-15T18:30:05+02:00",
            takenAtOffset: offset, takenAtSource: "exif", camera: camera, location: location, tags: ["sea", "Beach"],
            placeholder: placeholder, thumb: variant, preview: variant, original: variant,
            importedAt: "2021-06-16T00:00:00Z")
    }

    static let tail = """
        "tags":["sea","Beach"],"placeholder":{"thumbHash":"AbC=","averageColor":"#102030"},\
        "thumb":{"url":"/assets/a.jpg","width":400,"height":300},\
        "preview":{"url":"/assets/a.jpg","width":400,"height":300},\
        "original":{"url":"/assets/a.jpg","width":400,"height":300},"importedAt":"2021-06-16T00:00:00Z"}
        """

    @Test func everyFieldInItsPlace() {
        let detail = Self.detail(
            camera: CameraSettings(
                make: "Canon", model: "Canon EOS 70D", lens: "EF50mm f/1.8 II", exposureTime: 0.004, fNumber: 2.8,
                iso: 400, focalLength: 50),
            location: GeoPoint(latitude: -33.865, longitude: 151.21), offset: 120)
        let expected = """
            {"id":"abc","width":4000,"height":3000,"title":"Harbour","originalName":"a.jpg","format":"jpeg",\
            "mimeType":"image/jpeg","byteSize":123456,"takenAt":"2021-06-15T18:30:05+02:00","takenAtOffset":120,\
            "takenAtSource":"exif","cameraMake":"Canon","cameraModel":"Canon EOS 70D","lens":"EF50mm f/1.8 II",\
            "exposureTime":0.004,"fNumber":2.8,"iso":400,"focalLength":50.0,\
            "location":{"latitude":-33.865,"longitude":151.21},
            """ + Self.tail
        #expect(String(decoding: detail.jsonBytes(), as: UTF8.self) == expected)
    }

    @Test func absentSettingsAndPlaceAreLeftOut() {
        let detail = Self.detail(camera: CameraSettings(fNumber: 1e-5), location: nil, offset: nil)
        let expected = """
            {"id":"abc","width":4000,"height":3000,"originalName":"a.jpg","format":"jpeg","mimeType":"image/jpeg",\
            "byteSize":123456,"takenAt":"2021-06-15T18:30:05+02:00","takenAtSource":"exif","fNumber":1e-05,
            """ + Self.tail
        #expect(String(decoding: detail.jsonBytes(), as: UTF8.self) == expected)
    }

    /// `JSONEncoder` writes the same object: flat settings, a nested place.
    @Test func theEncoderWritesTheSameKeys() throws {
        let detail = Self.detail(
            camera: CameraSettings(make: "Canon", iso: 400), location: GeoPoint(latitude: 1, longitude: 2), offset: 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(detail)) as? [String: Any])
        #expect(object["cameraMake"] as? String == "Canon" && object["iso"] as? Int == 400)
        #expect(object["camera"] == nil && object["cameraModel"] == nil)
        #expect((object["location"] as? [String: Double]) == ["latitude": 1, "longitude": 2])
        #expect(try JSONDecoder().decode(PhotoDetail.self, from: Data(detail.jsonBytes())) == detail)
    }
}
