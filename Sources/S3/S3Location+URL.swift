/// Where one request goes: its URL, the Host header that the signature covers, and the decoded path.
struct S3Target: Sendable, Equatable {
    var url: String
    var host: String
    var path: String
}

extension S3Location {
    /// The target of a request on `objectKey` (nil: the bucket itself) with `query`.
    ///
    /// The path in the URL is encoded exactly as the signer encodes it, and the query is written in the
    /// canonical order, so the bytes sent are the bytes signed.
    func target(objectKey: String?, query: [QueryItem] = []) -> S3Target {
        let hostName = pathStyle ? endpoint.host : "\(bucket).\(endpoint.host)"
        var path = pathStyle ? "/\(bucket)" : ""
        if let objectKey { path += "/\(objectKey)" } else if !pathStyle { path = "/" }
        let host = endpoint.authority(host: hostName)
        var url = "\(endpoint.scheme)://\(host)\(URIEncoding.encode(path, keepSlash: true))"
        let canonical = SigV4Signer.canonicalQuery(query)
        if !canonical.isEmpty { url += "?\(canonical)" }
        return S3Target(url: url, host: host, path: path)
    }

    /// The object key of a name under the prefix.
    func objectKey(_ name: String) -> String { prefix.isEmpty ? name : "\(prefix)/\(name)" }
}
