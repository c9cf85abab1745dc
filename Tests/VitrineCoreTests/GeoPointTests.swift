import Foundation
import Testing
import VitrineCore

@Suite struct GeoPointTests {
    @Test func aPointOnTheGlobeKeepsBothCoordinates() throws {
        let sydney = try #require(GeoPoint(latitude: -33.865, longitude: 151.21))
        #expect(sydney.latitude == -33.865 && sydney.longitude == 151.21)
        for (latitude, longitude) in [(90.0, 180.0), (-90, -180), (0, 0), (-0.0, -0.0)] {
            #expect(GeoPoint(latitude: latitude, longitude: longitude) != nil, "\(latitude), \(longitude)")
        }
    }

    @Test func bothCoordinatesOrNeither() {
        #expect(GeoPoint(latitude: 12, longitude: nil) == nil)
        #expect(GeoPoint(latitude: nil, longitude: 12) == nil)
        #expect(GeoPoint(latitude: nil, longitude: nil) == nil)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 180.0000001, -1e300])
    func aCoordinateOffTheGlobePlacesNothing(_ bad: Double) {
        #expect(GeoPoint(latitude: bad, longitude: 10) == nil)
        #expect(GeoPoint(latitude: 10, longitude: bad) == nil)
    }

    @Test func aLatitudePastAPoleIsNotAPlace() {
        #expect(GeoPoint(latitude: 90.5, longitude: 10) == nil)
        #expect(GeoPoint(latitude: -91, longitude: 10) == nil)
        #expect(GeoPoint(latitude: 10, longitude: 179.5) != nil)
    }

    @Test func decodingChecksAsConstructionDoes() throws {
        let json = #"{"latitude":48.858333,"longitude":-2.294444}"#
        let point = try JSONDecoder().decode(GeoPoint.self, from: Data(json.utf8))
        #expect(point == GeoPoint(latitude: 48.858333, longitude: -2.294444))
        #expect(try JSONDecoder().decode(GeoPoint.self, from: JSONEncoder().encode(point)) == point)
        for bad in [#"{"latitude":91,"longitude":0}"#, #"{"latitude":0,"longitude":-181}"#, #"{"latitude":0}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(GeoPoint.self, from: Data(bad.utf8)) }
        }
    }
}
