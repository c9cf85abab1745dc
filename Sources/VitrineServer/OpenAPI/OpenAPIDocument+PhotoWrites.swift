import Hummingbird

extension OpenAPIDocument {
    static var uploadPhoto: String {
        #"""
        "post": {
          "operationId": "uploadPhoto", "tags": ["admin"], "summary": "Upload one photo",
          "description": "A raw body (with `filename`, `title` and repeated `tag` in the query) or `multipart/form-data` with a `file` part and optional `title` and `tag` fields. An image, or a video clip (MP4, MOV, M4V, WebM, MKV, 3GP: its poster frame becomes the thumb and preview). Streamed to the data folder's `tmp/`, then the same import as the CLI; a refused upload leaves nothing stored. The bodies are bytes: `format: binary` says so to generators that read only OpenAPI 3.0's spelling.",
          "security": [{"adminToken": []}],
          "parameters": [
            {"name": "filename", "in": "query", "description": "The original file name (a label: only its last path component is kept).", "schema": {"type": "string"}},
            {"name": "title", "in": "query", "schema": {"type": "string", "maxLength": \#(TextRules.maximumTitleBytes)}},
            {"name": "tag", "in": "query", "style": "form", "explode": true, "schema": {"type": "array", "maxItems": \#(TextRules.maximumTagsPerPhoto), "items": {"type": "string", "maxLength": \#(TextRules.maximumTagBytes)}}}
          ],
          "requestBody": {
            "required": true,
            "content": {
              "application/octet-stream": {"schema": {"type": "string", "format": "binary", "contentMediaType": "application/octet-stream"}},
              "multipart/form-data": {
                "schema": {
                  "type": "object",
                  "required": ["file"],
                  "properties": {
                    "file": {"type": "string", "format": "binary", "contentMediaType": "application/octet-stream"},
                    "title": {"type": "string", "maxLength": \#(TextRules.maximumTitleBytes)},
                    "tag": {"type": "array", "items": {"type": "string", "maxLength": \#(TextRules.maximumTagBytes)}}
                  }
                },
                "encoding": {"tag": {"style": "form", "explode": true}}
              }
            }
          },
          "responses": {
            "201": {
              "description": "Imported.",
              "links": {"delete": {"operationId": "deletePhoto", "parameters": {"id": "$response.body#/photo/id"}}},
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/UploadResult"}}}
            },
            "200": {"description": "These bytes were already in the catalog (`duplicate: true`).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/UploadResult"}}}},
            "400": {"description": "`empty_file`, `bad_upload` (malformed multipart), `bad_title`, `bad_tag`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
            "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"},
            "413": {"description": "`too_large`: over `--max-upload-mb`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
            "415": {"description": "`not_an_image` or `unsupported_format`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
            "422": {"description": "`corrupt_image`, `too_many_pixels`, `corrupt_video`, `video_over_limit` (a clip past a bound on duration, size, streams or frames, checked before decoding), `import_failed`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
          }
        }
        """#
    }

    static var editPhoto: String {
        #"""
        "patch": {
          "operationId": "editPhoto", "tags": ["admin"], "summary": "Change a photo's title and tags",
          "security": [{"adminToken": []}],
          "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PhotoEdit"}}}},
          "responses": {
            "200": {"description": "The photo as it is now.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PhotoDetail"}}}},
            "400": {"description": "`bad_id`, `bad_json`, `bad_title`, `bad_tag`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
            "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "413": {"description": "An edit is at most 64 KB of JSON.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
          }
        }
        """#
    }

    static var deletePhoto: String {
        #"""
        "delete": {
          "operationId": "deletePhoto", "tags": ["admin"], "summary": "Move a photo to the trash",
          "description": "It leaves every page, count, search, tag and share link at once and waits in the trash (`/api/v1/trash`) for `--trash-days`, restorable; its files stay until it is purged.",
          "security": [{"adminToken": []}],
          "responses": {
            "204": {"description": "In the trash."},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"},
            "404": {"$ref": "#/components/responses/NotFound"}
          }
        }
        """#
    }
}
