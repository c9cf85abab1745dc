extension OpenAPIDocument {
    /// `/api/v1/zip`: originals as one archive.
    static var zip: String {
        #"""
        "/api/v1/zip": {
          "parameters": [
            {"name": "ids", "in": "query", "description": "Photo ids separated by commas, 1 to 10 000 (a repeated id counts once). The archive holds them in this order. Give exactly one of `ids`, `album` and `link`.", "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{12}(,[A-Za-z0-9_-]{12})*$"}},
            {"name": "album", "in": "query", "description": "An album's photos, newest first.", "schema": {"$ref": "#/components/schemas/PhotoID"}},
            {"name": "link", "in": "query", "description": "A share link's photos, for its visitor, when the link allows downloads.", "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{24}$"}},
            {"$ref": "#/components/parameters/Range"},
            {"$ref": "#/components/parameters/IfRange"}
          ],
          "get": {
            "operationId": "zipPhotos", "tags": ["assets"], "summary": "Originals as one zip archive",
            "description": "Each original stored byte for byte (no recompression), named by the time it was taken (`2015-05-03 14.22.05.jpg`, `… (2).jpg` for a second photo of that second; a Live or Motion Photo's clip beside it, `2015-05-03 14.22.05.mov`), with zip64 records past 4 GiB or 65 535 entries. The archive is written as it is sent; its layout depends on the photos alone, so `Content-Length` is known in advance and a dropped download resumes with `Range` and `If-Range`.",
            "security": [{}, {"adminToken": []}, {"sessionCookie": []}, {"linkCookie": []}],
            "responses": {
              "200": {"description": "The archive.", "headers": \#(zipHeaders), "content": {"application/zip": {"schema": {"type": "string", "contentMediaType": "application/zip"}}}},
              "206": {"description": "One range of the archive.", "headers": \#(zipHeaders), "content": {"application/zip": {"schema": {"type": "string", "contentMediaType": "application/zip"}}}},
              "400": {"description": "`bad_ids`: missing, not photo ids, or more than 10 000.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "403": {"description": "`no_downloads`: the link does not allow downloads.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "410": {"$ref": "#/components/responses/LinkExpired"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "416": {"$ref": "#/components/responses/RangeNotSatisfiable"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          },
          "head": {
            "operationId": "zipPhotosHead", "tags": ["assets"], "summary": "The archive's headers: its length and ETag",
            "security": [{}, {"adminToken": []}, {"sessionCookie": []}, {"linkCookie": []}],
            "responses": {
              "200": {"description": "The headers of the whole archive.", "headers": \#(zipHeaders)},
              "206": {"description": "The headers of one range.", "headers": \#(zipHeaders)},
              "400": {"description": "`bad_ids`."},
              "403": {"description": "The link does not allow downloads."},
              "410": {"description": "The link expired."},
              "401": {"description": "A `--private` server without the token or cookie."},
              "404": {"description": "A photo is not in the catalog."},
              "416": {"description": "The range starts past the end."},
              "429": {"description": "Too many failed credentials from this address.", "headers": {"Retry-After": {"required": true, "schema": {"type": "integer", "minimum": 1}}}},
              "503": {"description": "Busy, or the catalog is unavailable.", "headers": {"Retry-After": {"required": true, "schema": {"type": "integer", "minimum": 1}}}}
            }
          }
        }
        """#
    }

    static var zipHeaders: String {
        #"""
        {
          "ETag": {"required": true, "description": "The same for the same photos in the same order.", "schema": {"type": "string", "pattern": "^\"zip-[0-9a-f]{64}\"$"}},
          "Content-Length": {"required": true, "schema": {"type": "integer", "minimum": 0}},
          "Content-Disposition": {"schema": {"type": "string"}},
          "Accept-Ranges": {"schema": {"const": "bytes"}}
        }
        """#
    }
}
