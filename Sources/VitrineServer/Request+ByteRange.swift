import HTTPParsing
import Hummingbird

extension Request {
    /// The one range this request asks of a representation of `size` bytes whose ETag is `etag`: its
    /// `Range`, unless `If-Range` names another validator (the representation changed since the client
    /// took its first part, so it gets the whole new one).
    func byteRange(etag: String, size: Int64) -> ByteRange {
        if let ifRange = headers[.ifRange], ifRange != etag { return .whole }
        return ByteRange(header: headers[.range], size: size)
    }
}

extension Response {
    /// 416 for a range that starts past the end of `size` bytes, with `headers` and `Content-Range: */size`.
    static func rangeNotSatisfiable(size: Int64, headers: HTTPFields, message: String) -> Response {
        var headers = headers
        headers[.contentRange] = "bytes */\(size)"
        return APIError.jsonResponse(status: .rangeNotSatisfiable, code: "bad_range", message: message)
            .withHeaders(headers)
    }
}
