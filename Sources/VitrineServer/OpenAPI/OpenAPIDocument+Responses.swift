extension OpenAPIDocument {
    /// Parameters several operations share.
    static var parameters: String {
        #"""
        "parameters": {
          "PhotoIDPath": {"name": "id", "in": "path", "required": true, "description": "A photo id: 12 base64url characters.", "schema": {"$ref": "#/components/schemas/PhotoID"}},
          "LinkSlugPath": {"name": "slug", "in": "path", "required": true, "description": "A share link's slug: 24 base64url characters.", "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{24}$"}},
          "AlbumIDPath": {"name": "id", "in": "path", "required": true, "description": "An album id: 12 base64url characters.", "schema": {"$ref": "#/components/schemas/PhotoID"}},
          "AlbumFilter": {"name": "album", "in": "query", "description": "Only this album's photos.", "schema": {"$ref": "#/components/schemas/PhotoID"}},
          "FavoriteFilter": {"name": "favorite", "in": "query", "description": "`true`: only the favourites (not with `album`).", "schema": {"const": "true"}},
          "IfNoneMatch": {"name": "If-None-Match", "in": "header", "required": false, "description": "An ETag (weak comparison; `*` matches anything): a match answers 304.", "schema": {"type": "string"}},
          "Range": {"name": "Range", "in": "header", "required": false, "description": "One `bytes=first-last`, `bytes=first-` or `bytes=-suffix` range answers 206 (416 when it starts past the end); anything else answers the whole file.", "schema": {"type": "string"}},
          "IfRange": {"name": "If-Range", "in": "header", "required": false, "description": "The range applies only when this is the ETag.", "schema": {"type": "string"}},
          "ParseClassName": {"name": "className", "in": "path", "required": true, "description": "`Resource` is the catalog; other classes are empty.", "schema": {"type": "string"}},
          "AcceptEncoding": {"name": "Accept-Encoding", "in": "header", "required": false, "schema": {"type": "string"}}
        }
        """#
    }

    /// Answers several operations share: the JSON error for each status, and the blob answers.
    static var responses: String {
        #"""
        "responses": {
          "BadRequest": {"description": "Bad input (`code` names it).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "Unauthorized": {
            "description": "The admin token (writes), or on a `--private` server the token or session cookie (reads), is missing or wrong.",
            "headers": {"WWW-Authenticate": {"schema": {"type": "string", "const": "Bearer realm=\"vitrine\""}}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
          },
          "TooManyRequests": {
            "description": "Too many failed credentials (tokens, session cookies, API keys) from this address within a minute, counted across every server (`too_many_requests`): until the window ends, every request from it that carries a credential gets this, unchecked.",
            "headers": {"Retry-After": {"required": true, "description": "Seconds until the window ends.", "schema": {"type": "integer", "minimum": 1}}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
          },
          "Unavailable": {
            "description": "`busy`: a bounded pool or queue is full; `unavailable`: the catalog cannot be reached for a moment (a database restart). Nothing was half-done; try again after `Retry-After`.",
            "headers": {"Retry-After": {"required": true, "description": "Seconds to wait.", "schema": {"type": "integer", "minimum": 1}}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
          },
          "NotFound": {"description": "No such photo, album, asset, key or route.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "UploadOnly": {"description": "`upload_only`: the link takes uploads and shows no photos (a file drop).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "LinkExpired": {"description": "`link_expired`: the link's time is up.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "PasswordRequired": {"description": "`password_required`: give the link's password first (`POST /api/v1/links/{slug}/session`).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "BodyTooLarge": {"description": "The JSON body is over the route's limit (64 KB for a link's change, 1 MB elsewhere).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "BadCover": {"description": "`bad_cover`: the cover must be a photo of the album.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "MethodNotAllowed": {"description": "The path exists, not with this method.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "TooLarge": {"description": "The body is over the limit.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "Blob": {
            "description": "The whole file, streamed from disk.",
            "headers": {
              "ETag": {"description": "The SHA-256 of the bytes, quoted.", "schema": {"type": "string", "pattern": "^\"[0-9a-f]{64}\"$"}},
              "Accept-Ranges": {"schema": {"const": "bytes"}},
              "Content-Length": {"schema": {"type": "integer", "minimum": 0}},
              "Cache-Control": {"schema": {"type": "string"}}
            },
            "content": {"image/*": {"schema": {"type": "string", "contentMediaType": "image/*"}}, "video/*": {"schema": {"type": "string", "contentMediaType": "video/*"}}}
          },
          "BlobPart": {
            "description": "One range of the file.",
            "headers": {
              "ETag": {"schema": {"type": "string", "pattern": "^\"[0-9a-f]{64}\"$"}},
              "Content-Range": {"required": true, "schema": {"type": "string", "pattern": "^bytes [0-9]+-[0-9]+/[0-9]+$"}},
              "Content-Length": {"schema": {"type": "integer", "minimum": 0}}
            },
            "content": {"image/*": {"schema": {"type": "string", "contentMediaType": "image/*"}}, "video/*": {"schema": {"type": "string", "contentMediaType": "video/*"}}}
          },
          "NotModified": {
            "description": "`If-None-Match` matched the ETag.",
            "headers": {"ETag": {"required": true, "schema": {"type": "string"}}}
          },
          "RangeNotSatisfiable": {
            "description": "The range starts past the end of the file (`bad_range`).",
            "headers": {"Content-Range": {"required": true, "schema": {"type": "string", "pattern": "^bytes \\*/[0-9]+$"}}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
          },
          "ParseUnauthorized": {
            "description": "`X-Parse-Application-Id` is missing or not the server's (`{\"error\": \"unauthorized\"}`).",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ParseError"}}}
          },
          "ParseForbiddenWrite": {
            "description": "Every write: the class is read-only (code 119, status 400 as Parse Server sends it).",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ParseError"}}}
          }
        }
        """#
    }
}
