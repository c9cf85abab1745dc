import Hummingbird
import HummingbirdTesting
import Testing

@testable import VitrineServer

@Suite struct RequestFormQueryTests {
    @Test func parametersHaveTheShapeHandlersReadToday() async throws {
        let router = Router()
        router.get("echo") { request, _ -> String in
            let parameters: Parameters = request.formParameters
            return [parameters["q"].map(String.init) ?? "-", parameters.getAll("tag").joined(separator: "|")]
                .joined(separator: ";")
        }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/echo?q=red+rose&tag=a+b&tag=c%2Bd", method: .get) { response in
                #expect(String(buffer: response.body) == "red rose;a b|c+d")
            }
        }
    }
}
