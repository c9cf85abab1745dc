extension OpenAPIDocument {
    /// Answers of a blob route for GET: the file, a range, not modified, an unsatisfiable range, and `extra`.
    static func blobResponses(_ extra: String) -> String {
        #"""
        "200": {"$ref": "#/components/responses/Blob"},
        "206": {"$ref": "#/components/responses/BlobPart"},
        "304": {"$ref": "#/components/responses/NotModified"},
        "416": {"$ref": "#/components/responses/RangeNotSatisfiable"},
        "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"},
        \#(extra)
        """#
    }

    /// HEAD answers carry the headers without a body.
    static var headResponses: String {
        #"""
        "200": {"description": "The headers of the whole file.", "headers": {"Content-Length": {"schema": {"type": "integer", "minimum": 0}}}},
        "206": {"description": "The headers of one range.", "headers": {"Content-Range": {"required": true, "schema": {"type": "string"}}}},
        "304": {"description": "`If-None-Match` matched."},
        "400": {"description": "Bad name or id."},
        "401": {"description": "A `--private` server without the token or cookie."},
        "429": {"description": "Too many failed credentials from this address.", "headers": {"Retry-After": {"required": true, "schema": {"type": "integer", "minimum": 1}}}},
        "503": {"description": "Busy, or the catalog is unavailable.", "headers": {"Retry-After": {"required": true, "schema": {"type": "integer", "minimum": 1}}}},
        "404": {"description": "No such file."},
        "416": {"description": "The range starts past the end."}
        """#
    }

    static var blobParameters: String {
        #"""
        {"$ref": "#/components/parameters/IfNoneMatch"},
        {"$ref": "#/components/parameters/Range"},
        {"$ref": "#/components/parameters/IfRange"},
        {"name": "Accept", "in": "header", "description": "Thumbs answer WebP when it lists `image/webp`, else JPEG; on `/assets`, thumbs and previews answer AVIF when it lists `image/avif` and a smaller AVIF exists.", "schema": {"type": "string"}}
        """#
    }

    /// `/assets/{name}`: originals and variants by content address.
    static var assets: String {
        #"""
        "/assets/{name}": {
          "parameters": [
            {"name": "name", "in": "path", "required": true, "description": "The SHA-256 of the bytes in hex, optionally with an extension (ignored).", "schema": {"type": "string", "pattern": "^[0-9a-f]{64}(\\.[A-Za-z0-9]+)?$"}},
            \#(blobParameters)
          ],
          "get": {
            "operationId": "asset", "tags": ["assets"], "summary": "An original or variant",
            "description": "Strong ETag, a year of `immutable` caching, `If-None-Match` → 304, one `Range` → 206 (416 when unsatisfiable), streamed from disk. Thumbs and previews are negotiated by `Accept`, with `Vary: Accept`: a client listing `image/avif` gets the AVIF thumb or preview (`image/avif`) where one exists and is smaller than the WebP thumb or the JPEG preview; otherwise thumbs are WebP when `image/webp` is listed, else JPEG, and previews are JPEG. The AVIF is made on the first such request, in the background: until it exists, that client gets the WebP or JPEG answer with `Cache-Control: public, max-age=60` instead of a year, so it asks again. The ETag is always the SHA-256 of the bytes sent.",
            \#(readSecurity),
            "responses": {
              \#(blobResponses(##""400": {"description": "`bad_asset`: not a SHA-256.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}, "404": {"$ref": "#/components/responses/NotFound"}"##))
            }
          },
          "head": {
            "operationId": "assetHead", "tags": ["assets"], "summary": "An asset's headers",
            \#(readSecurity),
            "responses": {\#(headResponses)}
          }
        }
        """#
    }

    /// `/api/v1/photos/{id}/sized/{size}`: Pixabay's three renditions, made on first request.
    static var sized: String {
        #"""
        "/api/v1/photos/{id}/sized/{size}": {
          "parameters": [
            {"$ref": "#/components/parameters/PhotoIDPath"},
            {"name": "size", "in": "path", "required": true, "description": "The long edge in pixels (never enlarged).", "schema": {"type": "string", "enum": ["150.jpg", "640.jpg", "1280.jpg"]}},
            \#(blobParameters)
          ],
          "get": {
            "operationId": "sizedPhoto", "tags": ["assets"], "summary": "The photo fitted to 150, 640 or 1280 px",
            "description": "A progressive JPEG made from the original by libvips on first request, then stored and served like an asset.",
            \#(readSecurity),
            "responses": {
              \#(blobResponses(##""400": {"description": "`bad_id` or `bad_size`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}, "404": {"$ref": "#/components/responses/NotFound"}, "422": {"description": "`resize_failed`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}"##))
            }
          },
          "head": {
            "operationId": "sizedPhotoHead", "tags": ["assets"], "summary": "A sized rendition's headers",
            \#(readSecurity),
            "responses": {\#(headResponses), "422": {"description": "The rendition could not be made."}}
          }
        }
        """#
    }

    /// `POST …/view` and `GET|HEAD …/download`: the counters Pixabay reports as `views` and `downloads`.
    static var counters: String {
        #"""
        "/api/v1/photos/{id}/view": {
          "parameters": [{"$ref": "#/components/parameters/PhotoIDPath"}],
          "post": {
            "operationId": "countView", "tags": ["photos"], "summary": "Count one view",
            \#(readSecurity),
            "responses": {
              "204": {"description": "Counted."},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"},
              "404": {"$ref": "#/components/responses/NotFound"}
            }
          }
        },
        "/api/v1/photos/{id}/download": {
          "parameters": [
            {"$ref": "#/components/parameters/PhotoIDPath"},
            \#(blobParameters)
          ],
          "get": {
            "operationId": "downloadPhoto", "tags": ["photos"], "summary": "The original as an attachment; counts one download",
            "description": "`Content-Disposition: attachment`, `private, no-cache`. HEAD, 304s and ranges that do not start at 0 are not counted.",
            \#(readSecurity),
            "responses": {
              \#(blobResponses(##""400": {"$ref": "#/components/responses/BadRequest"}, "404": {"$ref": "#/components/responses/NotFound"}"##))
            }
          },
          "head": {
            "operationId": "downloadPhotoHead", "tags": ["photos"], "summary": "The download's headers (not counted)",
            \#(readSecurity),
            "responses": {\#(headResponses)}
          }
        }
        """#
    }
}
