import Foundation
import Testing
import VitrineCore

/// Cursors and credentials are base64url: Foundation's base64 with the URL-safe alphabet and no padding.
@Suite struct Base64URLTests {
    @Test func encodesAsFoundationsBase64WithTheURLSafeAlphabet() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let expected = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(bytes) == expected)
        }
        // RFC 4648 §10's vectors, unpadded.
        let vectors = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE"]
        for (text, encoded) in vectors { #expect(Base64URL.encode(Array(text.utf8)) == encoded) }
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
    }

    @Test func decodesWhatItEncodesAndRefusesTheRest() {
        for length in 0..<8 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 200) }
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
        #expect(Base64URL.decode("A") == nil && Base64URL.decode("AB=") == nil && Base64URL.decode("AB+/") == nil)
        #expect(Base64URL.decode("é") == nil)
    }
}
