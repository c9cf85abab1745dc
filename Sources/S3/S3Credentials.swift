/// An access key and its secret, with the session token of temporary credentials.
public struct S3Credentials: Sendable, Equatable, CustomStringConvertible {
    public var accessKeyId: String
    public var secretAccessKey: String
    public var sessionToken: String?

    public init(accessKeyId: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyId = accessKeyId
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// Never shows the secret or the token, so credentials can be logged by mistake without leaking.
    public var description: String { "S3Credentials(\(accessKeyId), secret: <redacted>)" }

    /// From the standard `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and optional `AWS_SESSION_TOKEN`.
    public static func fromEnvironment(_ environment: [String: String]) throws -> S3Credentials {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        guard let key = value("AWS_ACCESS_KEY_ID"), let secret = value("AWS_SECRET_ACCESS_KEY") else {
            throw S3ConfigurationError.missingCredentials
        }
        return S3Credentials(accessKeyId: key, secretAccessKey: secret, sessionToken: value("AWS_SESSION_TOKEN"))
    }

    /// `AWS_REGION`, else `AWS_DEFAULT_REGION`, else nil.
    public static func region(fromEnvironment environment: [String: String]) -> String? {
        for name in ["AWS_REGION", "AWS_DEFAULT_REGION"] {
            if let text = environment[name], !text.isEmpty { return text }
        }
        return nil
    }
}
