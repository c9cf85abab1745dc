import Hummingbird

extension OpenAPIDocument {
    /// `POST /api/v1/links/{slug}/photos`: a visitor's upload through a link that allows it.
    static var linkUpload: String {
        #"""
        ,
        "post": {
          "operationId": "uploadToLink", "tags": ["link visits"], "summary": "Add one photo through a link that allows uploads",
          "description": "The body is the owner's upload's (a raw body, or `multipart/form-data` with a `file` part), within `--max-upload-mb`; titles and tags are ignored. The photo joins the link's album or its own photos and is logged with the link; a link takes at most `--link-uploads` (default \#(Limits.defaultLinkUploads)) in its life, and a client sends \#(Limits.defaultLinkUploadsPerClient) at once, of \#(Limits.defaultLinkUploadsAtOnce) at once in all (429 and 503 with `Retry-After` past them). Bytes the library already holds are received and not added. A browser's form post (`Sec-Fetch-Mode: navigate`, or `Accept` with `text/html`) is answered 303 to `/s/{slug}?sent=1`, its errors as the link's HTML page.",
          "security": [{}, {"linkCookie": []}],
          "requestBody": {
            "required": true,
            "content": {
              "application/octet-stream": {"schema": {"type": "string", "format": "binary", "contentMediaType": "application/octet-stream"}},
              "multipart/form-data": {"schema": {"type": "object", "required": ["file"], "properties": {"file": {"type": "string", "format": "binary", "contentMediaType": "application/octet-stream"}}}}
            }
          },
          "responses": {
            "201": {"description": "Received.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LinkUploadResult"}}}},
            "303": {"description": "A form post: received; back to the link's page.", "headers": {"Location": {"required": true, "schema": {"type": "string"}}}},
            "400": {"description": "`empty_file`, `bad_upload`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
            "401": {"description": "`password_required`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
            "403": {"description": "`no_uploads`: the link does not take uploads.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
            "404": {"description": "No such link.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
            "409": {"description": "`too_many_uploads`: the link took its `--link-uploads`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
            "410": {"description": "`link_expired`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
            "413": {"description": "`too_large`: over `--max-upload-mb`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
            "415": {"description": "`not_an_image` or `unsupported_format`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
            "422": {"description": "`corrupt_image`, `too_many_pixels`, `import_failed`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
            "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
          }
        }
        """#
    }

    /// `/s/{slug}` and `/s/{slug}/p/{id}`: a share link's page (mounted with the web client).
    static var linkPages: String {
        let page = #"""
              "responses": {
                "200": {
                  "description": "The web client's page scoped to the link (`<meta name=\"vitrine-scope\" content=\"link:{slug}\">`, the link's first page inline, `og:title`, `og:image`), or the password page, or an upload-only link's form. Never indexed (`X-Robots-Tag: noindex`).",
                  "content": {"text/html": {"schema": {"type": "string"}}}
                },
                "304": {"$ref": "#/components/responses/NotModified"},
                "404": {"description": "No such link (or photo of it): an HTML page.", "content": {"text/html": {"schema": {"type": "string"}}}},
                "410": {"description": "The link expired: an HTML page that says so.", "content": {"text/html": {"schema": {"type": "string"}}}},
                "429": {"description": "Too many failed credentials from this address: the password page.", "headers": {"Retry-After": {"required": true, "schema": {"type": "integer", "minimum": 1}}}, "content": {"text/html": {"schema": {"type": "string"}}}},
                "503": {"$ref": "#/components/responses/Unavailable"}
              }
            """#
        let slug =
            #"{"name": "slug", "in": "path", "required": true, "description": "The link's slug (any text serves a page).", "schema": {"type": "string"}}"#
        let photo =
            #"{"name": "id", "in": "path", "required": true, "description": "One of the link's photos; the client opens it.", "schema": {"type": "string"}}"#
        return linkPageItem("/s/{slug}", [slug], "linkPage", "A share link's page", page: page) + ",\n"
            + linkPageItem(
                "/s/{slug}/p/{id}", [slug, photo], "linkPhotoPage", "A deep link into a share link: the same page",
                page: page)
    }

    /// One of the link's page paths: its GET (the page) and its HEAD.
    static func linkPageItem(
        _ path: String, _ parameters: [String], _ operationId: String, _ summary: String, page: String
    ) -> String {
        #"""
        "\#(path)": {
          "parameters": [\#(parameters.joined(separator: ", ")), {"$ref": "#/components/parameters/IfNoneMatch"}],
          "get": {
            "operationId": "\#(operationId)", "tags": ["web"], "summary": "\#(summary)",
            "security": [{}, {"linkCookie": []}],
        \#(page)
          },
          "head": {
            "operationId": "\#(operationId)Head", "tags": ["web"], "summary": "The page's headers",
            "security": [{}, {"linkCookie": []}],
            "responses": {"200": {"description": "The page's headers."}, "304": {"description": "Not modified."}, "404": {"description": "No such link or photo."}, "410": {"description": "The link expired."}, "429": {"description": "Throttled."}, "503": {"description": "Busy."}}
          }
        }
        """#
    }
}
