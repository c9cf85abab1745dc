import Foundation

extension Data {
    /// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5), safe in cookies and URLs.
    func base64URLEncoded() -> String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
