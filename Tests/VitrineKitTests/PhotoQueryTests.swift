import Foundation
import Testing

@testable import VitrineKit

@Suite struct PhotoQueryTests {
    @Test func positionsAndFiltersBecomeTheServersParameters() {
        let client = VitrineClient(baseURL: URL(string: "http://example.test:8080/")!)
        let query = PhotoQuery(
            limit: 50, text: "café+bar", tags: ["a b", "c"], position: .month(year: 987, month: 3, offset: 17))
        let url = client.url("/api/v1/photos", query: query.queryItems)
        #expect(
            url.absoluteString
                == "http://example.test:8080/api/v1/photos?q=caf%C3%A9%2Bbar&tag=a%20b&tag=c&limit=50&month=0987-03&offset=17"
        )
        #expect(client.url("/api/v1/photos/x y").absoluteString == "http://example.test:8080/api/v1/photos/x%20y")
        let around = PhotoQuery().at(.around(id: "abc"))
        #expect(around.queryItems == [URLQueryItem(name: "around", value: "abc")])
    }

    @Test func theTokenGoesOnlyToTheSameOrigin() {
        let client = VitrineClient(baseURL: URL(string: "http://example.test:8080")!, token: "secret")
        #expect(client.request("GET", client.url("/assets/x")).headers["Authorization"] == "Bearer secret")
        let elsewhere = client.request("GET", URL(string: "https://cdn.example.test/assets/x")!)
        #expect(elsewhere.headers["Authorization"] == nil)
        let otherPort = client.request("GET", URL(string: "http://example.test:9090/assets/x")!)
        #expect(otherPort.headers["Authorization"] == nil)
    }
}
