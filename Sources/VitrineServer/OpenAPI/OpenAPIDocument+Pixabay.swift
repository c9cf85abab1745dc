import Catalog

extension OpenAPIDocument {
    /// `GET /api/` and `GET /api`, `GET /api/videos/` and `GET /api/videos`: two routes, each with two
    /// spellings, as Pixabay clients use both.
    static var pixabay: String {
        "\"/api/\": {\"get\": \(pixabaySearch(operationId: "pixabaySearch"))},\n"
            + "\"/api\": {\"get\": \(pixabaySearch(operationId: "pixabaySearchNoSlash"))},\n"
            + "\"/api/videos/\": {\"get\": \(pixabaySearch(operationId: "pixabayVideoSearch", videos: true))},\n"
            + "\"/api/videos\": {\"get\": \(pixabaySearch(operationId: "pixabayVideoSearchNoSlash", videos: true))}"
    }

    static func pixabaySearch(operationId: String, videos: Bool = false) -> String {
        let summary =
            videos
            ? "Pixabay's video search over this catalog: its clips (photos answer the image search)"
            : "Pixabay's image search over this catalog: its photos (clips answer the video search)"
        let response = videos ? "PixabayVideoResponse" : "PixabayResponse"
        let type = videos ? "video_type" : "image_type"
        return #"""
            {
              "operationId": "\#(operationId)", "tags": ["pixabay"], "summary": "\#(summary)",
              "description": "Answers like Pixabay's API (`{total, totalHits, hits}`). `totalHits` is capped at \#(PixabayLimits.maximumHits); past the last hit is an error, except page 1 of nothing. Errors are plain text. Every answer for a valid key carries the rate-limit headers (a fixed window per key).",
              "security": [{"pixabayKey": []}],
              "parameters": [
                {"name": "q", "in": "query", "description": "Every word must match; `+` joins words.", "schema": {"type": "string", "maxLength": \#(PixabayLimits.maximumQueryScalars)}},
                {"name": "id", "in": "query", "description": "One photo by its number.", "schema": {"type": "integer", "format": "int64", "minimum": 1, "maximum": 9223372036854775807}},
                {"name": "orientation", "in": "query", "schema": {"type": "string", "enum": ["all", "horizontal", "vertical"]}},
                {"name": "min_width", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 1000000}},
                {"name": "min_height", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 1000000}},
                {"name": "colors", "in": "query", "description": "A comma list; only `grayscale` filters.", "schema": {"type": "string"}},
                {"name": "order", "in": "query", "description": "`popular` is views + downloads, `latest` import time.", "schema": {"type": "string", "enum": ["popular", "latest"]}},
                {"name": "page", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 2147483647, "default": 1}},
                {"name": "per_page", "in": "query", "schema": {"type": "integer", "minimum": \#(PixabayLimits.perPageRange.lowerBound), "maximum": \#(PixabayLimits.perPageRange.upperBound), "default": 20}},
                {"name": "callback", "in": "query", "description": "JSONP: a JavaScript identifier path.", "schema": {"type": "string", "maxLength": 100, "pattern": "^[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)*$"}},
                {"name": "pretty", "in": "query", "schema": {"type": "string", "enum": ["true", "false"]}},
                {"name": "lang", "in": "query", "description": "Accepted and ignored.", "schema": {"type": "string"}},
                {"name": "\#(type)", "in": "query", "description": "Accepted and ignored.", "schema": {"type": "string"}},
                {"name": "category", "in": "query", "description": "Accepted and ignored.", "schema": {"type": "string"}},
                {"name": "editors_choice", "in": "query", "description": "Accepted and ignored.", "schema": {"type": "string"}},
                {"name": "safesearch", "in": "query", "description": "Accepted and ignored.", "schema": {"type": "string"}}
              ],
              "responses": {
                "200": {
                  "description": "The hits; with `callback`, the same JSON wrapped as `/**/callback(…);`.",
                  "headers": {
                    "X-RateLimit-Limit": {"required": true, "schema": {"type": "integer", "minimum": 1}},
                    "X-RateLimit-Remaining": {"required": true, "schema": {"type": "integer", "minimum": 0}},
                    "X-RateLimit-Reset": {"required": true, "schema": {"type": "integer", "minimum": 0}}
                  },
                  "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/\#(response)"}},
                    "application/javascript": {"schema": {"type": "string", "pattern": "^/\\*\\*/[A-Za-z_$][A-Za-z0-9_$.]*\\("}}
                  }
                },
                "400": {"description": "`[ERROR 400] Invalid or missing API key`, or `[ERROR 400] \"<parameter>\" is out of valid range.`", "content": {"text/plain": {"schema": {"$ref": "#/components/schemas/PixabayError"}}}},
                "401": {"$ref": "#/components/responses/Unauthorized"}, "503": {"$ref": "#/components/responses/Unavailable"},
                "429": {
                  "description": "`[ERROR 429] Too many requests`: this key's window is used up (with `X-RateLimit-Reset`), or this address sent too many unknown keys (with `Retry-After`). On a `--private` server, an address with too many failed tokens or session cookies gets the JSON API's `too_many_requests` (with `Retry-After`) before its key is read.",
                  "headers": {
                    "X-RateLimit-Reset": {"schema": {"type": "integer", "minimum": 0}},
                    "Retry-After": {"description": "Seconds until the address may present a key again.", "schema": {"type": "integer", "minimum": 1}}
                  },
                  "content": {
                    "text/plain": {"schema": {"$ref": "#/components/schemas/PixabayError"}},
                    "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                  }
                }
              }
            }
            """#
    }
}
