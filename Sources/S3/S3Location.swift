/// Where a blob store's objects live: a bucket, a key prefix inside it, the endpoint and region to sign
/// for, and the URL style.
///
/// Parsed from `s3://BUCKET[/PREFIX]`. Bucket names follow S3's rules (3–63 characters of lower-case
/// letters, digits, dots and hyphens, a letter or digit at each end, no `..`, not an IP address); a prefix is
/// `/`-separated segments of S3's safe characters, none empty, `.` or `..`.
public struct S3Location: Sendable, Equatable, CustomStringConvertible {
    public var bucket: String
    /// Without leading or trailing `/`; empty for the bucket's root.
    public var prefix: String
    public var endpoint: S3Endpoint
    public var region: String
    /// `https://endpoint/BUCKET/KEY` when true, `https://BUCKET.endpoint/KEY` (virtual-hosted) otherwise.
    public var pathStyle: Bool

    public static let defaultRegion = "us-east-1"
    static let maximumPrefixBytes = 512

    /// `endpoint` nil means AWS's regional endpoint for `region`.
    public init(url: String, endpoint: String? = nil, region: String = defaultRegion, pathStyle: Bool = false) throws {
        guard url.hasPrefix("s3://") else { throw S3ConfigurationError.notAnS3URL(url) }
        var rest = url.dropFirst(5)
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        let bucketPart = rest.prefix(while: { $0 != "/" })
        let prefixPart = rest.dropFirst(bucketPart.count).dropFirst()
        try self.init(
            bucket: String(bucketPart), prefix: String(prefixPart), endpoint: endpoint, region: region,
            pathStyle: pathStyle)
    }

    public init(
        bucket: String, prefix: String = "", endpoint: String? = nil, region: String = defaultRegion,
        pathStyle: Bool = false
    ) throws {
        try Self.validate(bucket: bucket)
        try Self.validate(prefix: prefix)
        guard !region.isEmpty, region.count <= 64,
            region.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
        else { throw S3ConfigurationError.invalidRegion(region) }
        self.bucket = bucket
        self.prefix = prefix
        self.region = region
        self.pathStyle = pathStyle
        self.endpoint = try endpoint.map(S3Endpoint.init(url:)) ?? S3Endpoint.aws(region: region)
    }

    public var description: String { prefix.isEmpty ? "s3://\(bucket)" : "s3://\(bucket)/\(prefix)" }

    static func validate(bucket name: String) throws {
        func refuse(_ reason: String) -> S3ConfigurationError { .invalidBucket(name, reason: reason) }
        let bytes = Array(name.utf8)
        guard (3...63).contains(bytes.count) else { throw refuse("it must have 3 to 63 characters") }
        let allowed = bytes.allSatisfy {
            ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
        }
        guard allowed else { throw refuse("only lower-case letters, digits, dots and hyphens are allowed") }
        let alphanumeric: (UInt8?) -> Bool = { byte in
            guard let byte else { return false }
            return byte != UInt8(ascii: ".") && byte != UInt8(ascii: "-")
        }
        guard alphanumeric(bytes.first), alphanumeric(bytes.last) else {
            throw refuse("it must begin and end with a letter or digit")
        }
        guard !name.contains("..") else { throw refuse("it must not contain two adjacent dots") }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
            throw refuse("it must not be formatted as an IP address")
        }
        for reserved in ["xn--", "sthree-", "amzn-s3-demo-"] where name.hasPrefix(reserved) {
            throw refuse("the prefix \(reserved) is reserved")
        }
        for reserved in ["-s3alias", "--ol-s3", "--x-s3", ".mrap"] where name.hasSuffix(reserved) {
            throw refuse("the suffix \(reserved) is reserved")
        }
    }

    static func validate(prefix: String) throws {
        guard !prefix.isEmpty else { return }
        func refuse(_ reason: String) -> S3ConfigurationError { .invalidPrefix(prefix, reason: reason) }
        guard prefix.utf8.count <= maximumPrefixBytes else {
            throw refuse("it is longer than \(maximumPrefixBytes) bytes")
        }
        for segment in prefix.split(separator: "/", omittingEmptySubsequences: false) {
            guard !segment.isEmpty else { throw refuse("it has an empty segment (a leading, doubled or trailing /)") }
            guard segment != ".", segment != ".." else { throw refuse("it has a . or .. segment") }
            guard segment.utf8.allSatisfy({ URIEncoding.isUnreserved($0) || "!*'()".utf8.contains($0) }) else {
                throw refuse("only letters, digits and - _ . ~ ! * ' ( ) are allowed in a segment")
            }
        }
    }
}
