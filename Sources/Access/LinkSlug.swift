import VitrineCore

/// A share link's slug: 144 random bits as 24 base64url characters, drawn from the OS CSPRNG. It is the
/// whole credential of a link without a password, so it is long enough that guessing one is hopeless.
public enum LinkSlug {
    public static let length = 24

    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<18).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// Shape only (length and alphabet), so a malformed slug never reaches the catalog.
    public static func isValid(_ slug: some StringProtocol) -> Bool {
        slug.utf8.count == length && slug.utf8.allSatisfy { Base64URL.alphabet.contains($0) }
    }
}
