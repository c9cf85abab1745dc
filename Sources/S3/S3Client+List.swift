/// One page of ListObjectsV2.
public struct S3ListPage: Sendable, Equatable {
    public var keys: [String]
    /// Set when more keys follow: pass it as `continuationToken` to get them.
    public var nextContinuationToken: String?
}

extension S3Client {
    /// ListObjectsV2 of the keys under `prefix`, ascending (UTF-8 byte order), strictly after `startAfter`,
    /// at most `maxKeys` (S3 caps a page at 1 000).
    public func listObjectsV2(
        prefix: String, startAfter: String? = nil, continuationToken: String? = nil, maxKeys: Int = 1000
    ) async throws -> S3ListPage {
        var query = [QueryItem("list-type", "2"), QueryItem("max-keys", String(min(max(1, maxKeys), 1000)))]
        if !prefix.isEmpty { query.append(QueryItem("prefix", prefix)) }
        if let startAfter { query.append(QueryItem("start-after", startAfter)) }
        if let continuationToken { query.append(QueryItem("continuation-token", continuationToken)) }
        let answer = try await executeReading(
            Call(
                operation: "ListObjectsV2", method: .GET, objectKey: nil, query: query,
                timeout: configuration.requestTimeout))
        guard let document = XMLElement.parse(answer), document.name == "ListBucketResult" else {
            throw S3Error.malformedResponse(operation: "ListObjectsV2", message: "not a ListBucketResult")
        }
        let keys = document.all("Contents").compactMap { $0.text(of: "Key") }
        let truncated = document.text(of: "IsTruncated") == "true"
        let token = document.text(of: "NextContinuationToken").flatMap { $0.isEmpty ? nil : $0 }
        if truncated && token == nil {
            throw S3Error.malformedResponse(
                operation: "ListObjectsV2", message: "truncated without a continuation token")
        }
        return S3ListPage(keys: keys, nextContinuationToken: truncated ? token : nil)
    }
}
