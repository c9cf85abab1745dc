import Foundation
import Testing
import VitrineCore

@Suite struct HexTests {
    @Test func everyByteIsTwoLowercaseDigitsInOrder() {
        let bytes = (0...255).map(UInt8.init)
        #expect(Hex.encode(bytes) == bytes.map { String(format: "%02x", $0) }.joined())
        #expect(Hex.encode([UInt8]()) == "")
        #expect(Hex.encode([0x00, 0xff, 0x0a]) == "00ff0a")
    }
}
