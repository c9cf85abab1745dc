import Foundation
import Hummingbird

/// Hummingbird's own ceiling on this machine: a minimal router answering one constant body, so the server bench
/// measures in the same run how far Vitrine's routes are from what the framework itself can serve.
///
/// Usage: `hummingbird-ceiling PORT BODY_FILE` — every GET answers BODY_FILE's bytes as `application/json`.
@main
struct HummingbirdCeiling {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let port = Int(arguments[1]), (1...65535).contains(port) else {
            FileHandle.standardError.write(Data("usage: hummingbird-ceiling PORT BODY_FILE\n".utf8))
            exit(2)
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
        let body = ByteBuffer(bytes: bytes)
        let router = Router()
        router.get("**") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: .init(byteBuffer: body)
            )
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
        try await app.runService()
    }
}
