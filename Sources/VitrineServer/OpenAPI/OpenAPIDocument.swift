import Crypto
import VitrineCore

/// The OpenAPI 3.1 description of every route `VitrineServer.makeRouter` mounts with the Compat routes the
/// composition root passes it, served at `GET /api/v1/openapi.json`.
///
/// It is text compiled into the binary (not a bundle resource), so a copied `vitrine` still serves it.
/// Each area's paths live in their own file as JSON members, joined here into one object; the limits the
/// controllers enforce are interpolated from where the controllers read them (the Compat limits from
/// `Catalog`'s `PixabayLimits` and `ParseLimits`), so the document cannot drift from them. `OpenAPIDocumentTests` checks that it parses and that its operations are exactly the
/// router's routes.
enum OpenAPIDocument {
    /// The document's bytes, built once.
    static let bytes: [UInt8] = Array(text.utf8)

    /// A strong validator for the document: it changes only with the binary.
    static let etag = "\"" + Hex.encode(SHA256.hash(data: bytes).prefix(12)) + "\""

    static var text: String {
        let paths = [
            service, metrics, photos, albums, links, trash, jobs, timeline, events, assets, sized, zip, counters, keys,
            pixabay,
            parse, web, linkPages,
        ]
        return #"""
            {
              "openapi": "3.1.0",
              "info": {
                "title": "Vitrine",
                "version": "1",
                "summary": "A self-hosted photo gallery: its JSON API, assets, web client, and Pixabay- and Parse-compatible routes.",
                "description": "Errors of the JSON API are `{\"error\": {\"code\", \"message\"}}` with a 4xx status for bad input. Writes need the admin token (`Authorization: Bearer <token>`). Reads are public unless the server runs with `--private`; then they need the token or the session cookie that `POST /api/v1/session` sets. The Pixabay routes answer plain-text errors and the Parse routes Parse's `{\"code\", \"error\"}`, as the services they imitate do. Any route that reaches the catalog may answer 503 (`busy`, or `unavailable` while the catalog cannot be reached) with `Retry-After`. A state-changing request (not GET, HEAD or OPTIONS) that a browser marks as started by another site (`Sec-Fetch-Site: cross-site` or `same-site`) is refused with 403 `cross_site`."
              },
              "jsonSchemaDialect": "https://spec.openapis.org/oas/3.1/dialect/base",
              "servers": [{"url": "/"}],
              "tags": [
                {"name": "photos", "description": "The catalog: pages, search, tags, details, the change feed."},
                {"name": "admin", "description": "Writes; they need the admin token."},
                {"name": "assets", "description": "Content-addressed originals and variants, and the sized Pixabay renditions."},
                {"name": "session", "description": "Token check and the read cookie."},
                {"name": "pixabay", "description": "The Pixabay image and video search APIs."},
                {"name": "parse", "description": "Parse Server's REST API for the read-only Resource class."},
                {"name": "web", "description": "The web client."},
                {"name": "service", "description": "Health and this document."}
              ],
              "paths": {
            """# + paths.joined(separator: ",\n") + #"""
                  },
                  "components": {
                """# + components + #"""
                      }
                    }
                    """#
    }
}
