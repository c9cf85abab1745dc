/// Why an S3 location, endpoint or credentials were refused at start-up.
public enum S3ConfigurationError: Error, Equatable, CustomStringConvertible {
    case notAnS3URL(String)
    case invalidBucket(String, reason: String)
    case invalidPrefix(String, reason: String)
    case invalidEndpoint(String)
    case invalidRegion(String)
    case missingCredentials

    public var description: String {
        switch self {
        case .notAnS3URL(let text): "\(text) is not an s3://BUCKET[/PREFIX] URL"
        case .invalidBucket(let name, let reason): "bucket name \(name) is invalid: \(reason)"
        case .invalidPrefix(let prefix, let reason): "key prefix \(prefix) is invalid: \(reason)"
        case .invalidEndpoint(let text): "\(text) is not an http(s)://HOST[:PORT] endpoint"
        case .invalidRegion(let text): "\(text) is not a region name"
        case .missingCredentials: "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set to use an S3 store"
        }
    }
}
