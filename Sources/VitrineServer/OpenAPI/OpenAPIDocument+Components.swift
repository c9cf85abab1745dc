import Catalog

extension OpenAPIDocument {
    /// Shared schemas, parameters, responses and security schemes: the members of `components`.
    static var components: String {
        "\"schemas\": {\n"
            + [schemas, wireSchemas, albumSchemas, linkSchemas, trashSchemas, jobSchemas, compatSchemas].joined(
                separator: ",\n")
            + "\n},\n"
            + [parameters, responses, securitySchemes].joined(separator: ",\n")
    }

    static var photoIDPattern: String { "^[A-Za-z0-9_-]{\(PhotoID.length)}$" }
    /// Vitrine's own `/assets/<sha256>[.ext]` (under `/api/v1/links/{slug}` for a link's visitor), or
    /// `BASE/ab/cd/<sha256>` under `--asset-base-url`; empty for a variant a photo still `processing` lacks.
    static var assetURLPattern: String {
        "^(|(/api/v1/links/[A-Za-z0-9_-]{24})?/assets/[0-9a-f]{64}(\\\\.[a-z0-9]+)?|https?://[^?#]+/[0-9a-f]{2}/[0-9a-f]{2}/[0-9a-f]{64})$"
    }

    static var securitySchemes: String {
        #"""
        "securitySchemes": {
          "adminToken": {"type": "http", "scheme": "bearer", "description": "The admin token from the data folder's `admin-token` (`vitrine token rotate` replaces it)."},
          "sessionCookie": {"type": "apiKey", "in": "cookie", "name": "vitrine_session", "description": "Set by `POST /api/v1/session`; authorises reads on a `--private` server, never writes."},
          "linkCookie": {"type": "apiKey", "in": "cookie", "name": "vitrine_link", "description": "Set by `POST /api/v1/links/{slug}/session` for one link; its name is `vitrine_link_` and the first 16 hex digits of the slug's SHA-256."},
          "pixabayKey": {"type": "apiKey", "in": "query", "name": "key", "description": "A key from `vitrine key create` or `POST /api/v1/keys`."},
          "parseApplicationId": {"type": "apiKey", "in": "header", "name": "X-Parse-Application-Id", "description": "The server's `--parse-app-id` (default `vitrine`)."}
        }
        """#
    }

    /// The error shapes and small shared values (members of `components.schemas`).
    static var schemas: String {
        #"""
          "Error": {
            "description": "Every error of the JSON API, the assets and the web routes.",
            "type": "object",
            "required": ["error"],
            "additionalProperties": false,
            "properties": {
              "error": {
                "type": "object",
                "required": ["code", "message"],
                "additionalProperties": false,
                "properties": {
                  "code": {"type": "string", "pattern": "^[a-z_]+$", "description": "Stable and machine-readable, e.g. `bad_cursor`."},
                  "message": {"type": "string", "description": "For people."}
                }
              }
            }
          },
          "ParseError": {
            "description": "Parse Server's error: `{\"code\": 101, \"error\": \"Object not found.\"}`; the 403 for a wrong application id is `{\"error\": \"unauthorized\"}` alone.",
            "type": "object",
            "required": ["error"],
            "additionalProperties": false,
            "properties": {
              "code": {"type": "integer", "enum": [101, 102, 119]},
              "error": {"type": "string"}
            }
          },
          "PixabayError": {
            "description": "Pixabay's plain-text error, e.g. `[ERROR 400] \"per_page\" is out of valid range.`",
            "type": "string",
            "pattern": "^\\[ERROR [0-9]{3}\\] "
          },
          "PhotoID": {"type": "string", "pattern": "\#(photoIDPattern)"},
          "Timestamp": {
            "description": "ISO-8601. With a known offset it carries it; a camera time without one has no zone designator; a file time or an import time is UTC (`Z`).",
            "type": "string",
            "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{3})?(Z|[+-][0-9]{2}:[0-9]{2})?$"
          },
          "UTCTimestamp": {
            "type": "string",
            "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{3})?Z$"
          },
          "Health": {
            "type": "object",
            "required": ["status"],
            "additionalProperties": false,
            "properties": {"status": {"const": "ok"}}
          },
          "SessionInfo": {
            "type": "object",
            "required": ["private", "admin"],
            "additionalProperties": false,
            "properties": {
              "private": {"type": "boolean", "description": "Whether reads need the token (`--private`)."},
              "admin": {"type": "boolean", "description": "Whether this request carries the admin token."}
            }
          },
          "OpenAPI": {"type": "object", "required": ["openapi", "info", "paths"], "properties": {"openapi": {"type": "string", "pattern": "^3\\.1\\."}}}
        """#
    }
}
