import Foundation
import Testing
import VitrineAPI

@Suite struct PhotoPageTests {
    @Test func lastPageEncodesNextCursorAsNull() throws {
        let json = String(
            decoding: try JSONEncoder().encode(PhotoPage(items: [], nextCursor: nil, total: 0)), as: UTF8.self)
        #expect(json.contains("\"nextCursor\":null"))
    }
}
