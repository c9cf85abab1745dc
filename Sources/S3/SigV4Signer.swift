import Crypto
import VitrineCore

/// AWS Signature Version 4 for one service in one region (header-based signing, as S3 takes it).
///
/// The path is given decoded and encoded here once, S3's way (no double encoding, no normalisation, `/`
/// kept), so keys reach the store exactly as named. Header values are trimmed and inner runs of spaces
/// collapsed; repeated headers are joined with commas, in order.
public struct SigV4Signer: Sendable {
    public static let algorithm = "AWS4-HMAC-SHA256"
    /// The payload hash of streamed bodies whose bytes are not hashed before sending.
    public static let unsignedPayload = "UNSIGNED-PAYLOAD"
    public static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    public var credentials: S3Credentials
    public var region: String
    public var service: String

    public init(credentials: S3Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// What is signed: the request as it will be sent, `headers` including `host`.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var query: [QueryItem]
        public var headers: [Header]
        /// Hex SHA-256 of the body, or `unsignedPayload`.
        public var payloadHash: String

        public init(
            method: String, path: String, query: [QueryItem] = [], headers: [Header],
            payloadHash: String = SigV4Signer.emptyPayloadHash
        ) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.payloadHash = payloadHash
        }
    }

    public struct Signed: Sendable {
        public var canonicalRequest: String
        public var stringToSign: String
        public var signature: String
        /// The headers to add to the request: `x-amz-date`, `x-amz-content-sha256` (when asked),
        /// `x-amz-security-token` (session credentials) and `authorization`.
        public var headers: [Header]
    }

    /// Signs `request` at `time`. `contentHashHeader` adds `x-amz-content-sha256`, which S3 requires; the
    /// generic test-suite vectors go without it.
    public func sign(_ request: Request, at time: AmzTime, contentHashHeader: Bool = true) -> Signed {
        var added = [Header(name: "x-amz-date", value: time.amzDate)]
        if contentHashHeader { added.append(Header(name: "x-amz-content-sha256", value: request.payloadHash)) }
        if let token = credentials.sessionToken { added.append(Header(name: "x-amz-security-token", value: token)) }
        let (canonicalHeaders, signedHeaders) = Self.canonicalHeaders(request.headers + added)
        let canonicalRequest = [
            request.method, URIEncoding.encode(request.path, keepSlash: true), Self.canonicalQuery(request.query),
            canonicalHeaders, signedHeaders, request.payloadHash,
        ].joined(separator: "\n")
        let scope = "\(time.dateStamp)/\(region)/\(service)/aws4_request"
        let stringToSign = [Self.algorithm, time.amzDate, scope, Hex.sha256(Array(canonicalRequest.utf8))]
            .joined(separator: "\n")
        let key = Self.signingKey(
            secret: credentials.secretAccessKey, dateStamp: time.dateStamp, region: region, service: service)
        let signature = Hex.encode(HMAC<SHA256>.authenticationCode(for: Array(stringToSign.utf8), using: key))
        let authorization =
            "\(Self.algorithm) Credential=\(credentials.accessKeyId)/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"
        return Signed(
            canonicalRequest: canonicalRequest, stringToSign: stringToSign, signature: signature,
            headers: added + [Header(name: "authorization", value: authorization)])
    }

    /// kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request").
    public static func signingKey(secret: String, dateStamp: String, region: String, service: String) -> SymmetricKey {
        var key = SymmetricKey(data: Array(("AWS4" + secret).utf8))
        for part in [dateStamp, region, service, "aws4_request"] {
            key = SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key)))
        }
        return key
    }

    /// Query items encoded, then sorted by name and value (byte order); a missing value signs as `name=`.
    static func canonicalQuery(_ items: [QueryItem]) -> String {
        items.map { (URIEncoding.encode($0.name), URIEncoding.encode($0.value)) }
            .sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
            .map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
    }

    /// `name:value\n` lines sorted by lower-cased name (repeated names joined with commas), and the names.
    static func canonicalHeaders(_ headers: [Header]) -> (lines: String, signed: String) {
        var byName: [String: [String]] = [:]
        for header in headers {
            byName[header.name.lowercased(), default: []].append(trimmed(header.value))
        }
        let names = byName.keys.sorted()
        let lines = names.map { "\($0):\(byName[$0, default: []].joined(separator: ","))\n" }.joined()
        return (lines, names.joined(separator: ";"))
    }

    /// Leading and trailing spaces removed, inner runs of spaces and tabs made one space.
    static func trimmed(_ value: String) -> String {
        value.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}

/// One query parameter, decoded.
public struct QueryItem: Sendable, Equatable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String = "") {
        self.name = name
        self.value = value
    }
}

/// One request header.
public struct Header: Sendable, Equatable {
    public var name: String
    public var value: String
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
