import Hummingbird
import Imaging
import Testing

@testable import VitrineServer

/// What an upload's imaging failure becomes on the wire: the client's bad bytes a 4xx, a server
/// without libvips its own 503.
@Suite struct ImagingErrorMappingTests {
    typealias Controller = PhotoWritesController<BasicRequestContext>

    @Test func badBytesAreTheClientsAndAMissingLibvipsIsTheServers() {
        let cases: [(ImagingError, HTTPResponse.Status, String)] = [
            (.emptyFile, .badRequest, "empty_file"),
            (.notAnImage, .unsupportedMediaType, "not_an_image"),
            (.corrupt("truncated"), .unprocessableContent, "corrupt_image"),
            (.unavailable("cannot load libvips.so.42"), .serviceUnavailable, "imaging_unavailable"),
        ]
        for (error, status, code) in cases {
            let answer = Controller.apiError(error)
            #expect(answer.status == status && answer.code == code, "\(error)")
            #expect((answer.retryAfter != nil) == (status == .serviceUnavailable), "\(error)")
        }
        #expect(Controller.apiError(.unavailable("no libvips")).message.contains("no libvips"))
    }
}
