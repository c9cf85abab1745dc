import HTTPTypes
import Hummingbird

/// Headers every response carries, and the policy pages run under.
///
/// `nosniff` keeps a browser from reading an asset as anything but its declared type, and the referrer
/// policy keeps photo URLs and searches from leaking to other sites. HTML (the page that holds the admin
/// UI) also gets a Content Security Policy: scripts only from this origin (the inline JSON data blocks are
/// not scripts and need no exception), WebAssembly compiled from them, images from this origin and the
/// `data:` ThumbHash placeholders, clips from this origin, no plugins, and no framing by anyone.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The origin of `--asset-base-url`, whose images and clips pages load (and fetch, for the viewer's
    /// progress).
    var assetOrigin: String? = nil

    static var contentSecurityPolicy: String { contentSecurityPolicy(assetOrigin: nil) }

    static func contentSecurityPolicy(assetOrigin: String?) -> String {
        let assets = assetOrigin.map { " " + $0 } ?? ""
        return [
            "default-src 'self'",
            "script-src 'self' 'wasm-unsafe-eval'",
            // The first screen's geometry (`FirstScreen.geometryStyle`) is one inline style, allowed by its hash.
            "style-src 'self' \(FirstScreen.geometryStyleSource)",
            // The server's first tiles carry their average colour as a style attribute.
            "style-src-attr 'unsafe-inline'",
            "img-src 'self' data: blob:\(assets)",
            "connect-src 'self'\(assets)",
            // Clips and Live Photos' motions play from where their files are.
            "media-src 'self'\(assets)",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        var response = try await next(request, context)
        Self.apply(to: &response.headers, assetOrigin: assetOrigin)
        return response
    }

    static func apply(to headers: inout HTTPFields, assetOrigin: String? = nil) {
        headers[.xContentTypeOptions] = "nosniff"
        headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        if headers[.contentType]?.hasPrefix("text/html") == true {
            headers[.contentSecurityPolicy] = contentSecurityPolicy(assetOrigin: assetOrigin)
            headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        }
    }
}
