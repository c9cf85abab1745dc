extension OpenAPIDocument {
    /// The parts of the library the client shows from its path: the same page with no first screen.
    static var parts: String {
        let photo =
            #"{"name": "photo", "in": "path", "required": true, "description": "A photo id; the client opens it (any text serves the page).", "schema": {"type": "string"}}"#
        let album =
            #"{"name": "id", "in": "path", "required": true, "description": "An album id (any text serves the page).", "schema": {"type": "string"}}"#
        let pages: [(path: String, id: String, summary: String, parameters: [String])] = [
            ("/favorites", "favoritesPage", "The favourites: the client's page", []),
            ("/favorites/p/{photo}", "favoritePhotoPage", "A favourite's deep link: the same page", [photo]),
            ("/albums", "albumsPage", "The albums: the client's page", []),
            ("/trash", "trashPage", "The trash (the owner's): the client's page", []),
            ("/links", "linksPage", "The share links (the owner's): the client's page", []),
            ("/a/{id}", "albumPage", "An album: the client's page", [album]),
            ("/a/{id}/p/{photo}", "albumPhotoPage", "A photo of an album: the same page", [album, photo]),
        ]
        let common = [
            ##"{"$ref": "#/components/parameters/IfNoneMatch"}"##,
            ##"{"$ref": "#/components/parameters/AcceptEncoding"}"##,
        ]
        return pages.map { page in
            #"""
            "\#(page.path)": {
              "parameters": [\#((page.parameters + common).joined(separator: ", "))],
              "get": {
                "operationId": "\#(page.id)", "tags": ["web"], "summary": "\#(page.summary)",
                "description": "The web client's page with no first screen: the client reads this part of the library through the API.",
                "responses": {\#(pageResponses)}
              },
              "head": {
                "operationId": "\#(page.id)Head", "tags": ["web"], "summary": "The page's headers",
                "responses": {"200": {"description": "The page's headers."}, "304": {"description": "Not modified."}}
              }
            },

            """#
        }.joined()
    }

    /// `/`, `/p/{id}`, the parts of the library (`parts`) and `/static/{version}/{path}`: the web client
    /// (mounted when `--web` has an index.html).
    static var web: String {
        #"""
        "/": {
          "parameters": [
            {"$ref": "#/components/parameters/IfNoneMatch"},
            {"$ref": "#/components/parameters/AcceptEncoding"},
            {"name": "vitrine_layout", "in": "cookie", "description": "The visitor's grid style.", "schema": {"type": "string", "enum": ["grid", "justified"]}}
          ],
          "get": {
            "operationId": "indexPage", "tags": ["web"], "summary": "The web client's page",
            "description": "`no-cache` with an ETag of the page as rendered; the first page of photos and the first screen's tiles are inline, except on a private server or with `q`, `tag` or `limit` in the query.",
            "responses": {\#(pageResponses)}
          },
          "head": {
            "operationId": "indexPageHead", "tags": ["web"], "summary": "The page's headers",
            "responses": {"200": {"description": "The page's headers."}, "304": {"description": "Not modified."}}
          }
        },
        "/p/{id}": {
          "parameters": [
            {"name": "id", "in": "path", "required": true, "description": "A photo id; the client opens it (any text serves the page).", "schema": {"type": "string"}},
            {"$ref": "#/components/parameters/IfNoneMatch"},
            {"$ref": "#/components/parameters/AcceptEncoding"}
          ],
          "get": {
            "operationId": "photoPage", "tags": ["web"], "summary": "A deep link: the same page",
            "responses": {\#(pageResponses)}
          },
          "head": {
            "operationId": "photoPageHead", "tags": ["web"], "summary": "The page's headers",
            "responses": {"200": {"description": "The page's headers."}, "304": {"description": "Not modified."}}
          }
        },
        \#(parts)"/static/{version}/{path}": {
          "parameters": [
            {"name": "version", "in": "path", "required": true, "description": "A hash of the web folder; `{{static}}` in the page names it.", "schema": {"type": "string"}},
            {"name": "path", "in": "path", "required": true, "description": "A file's path in the web folder (may contain `/`).", "schema": {"type": "string"}},
            {"$ref": "#/components/parameters/AcceptEncoding"}
          ],
          "get": {
            "operationId": "staticFile", "tags": ["web"], "summary": "One of the web client's files, read at start-up",
            "description": "A year of `immutable` caching; JS and CSS minified; gzipped when that saves 10 % and `Accept-Encoding` allows it.",
            "responses": {
              "200": {
                "description": "The file.",
                "headers": {"ETag": {"schema": {"type": "string"}}, "Cache-Control": {"schema": {"const": "public, max-age=31536000, immutable"}}},
                "content": {
                  "text/javascript": {"schema": {"type": "string"}},
                  "text/css": {"schema": {"type": "string"}},
                  "text/html": {"schema": {"type": "string"}},
                  "application/json": {},
                  "application/wasm": {"schema": {"type": "string", "contentMediaType": "application/wasm"}},
                  "image/svg+xml": {"schema": {"type": "string"}},
                  "image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}},
                  "image/x-icon": {"schema": {"type": "string", "contentMediaType": "image/x-icon"}},
                  "application/octet-stream": {"schema": {"type": "string", "contentMediaType": "application/octet-stream"}}
                }
              },
              "404": {"$ref": "#/components/responses/NotFound"}
            }
          },
          "head": {
            "operationId": "staticFileHead", "tags": ["web"], "summary": "A file's headers",
            "responses": {"200": {"description": "The file's headers."}, "404": {"description": "No such file in this version."}}
          }
        }
        """#
    }

    static var pageResponses: String {
        #"""
        "200": {
          "description": "The page.",
          "headers": {"ETag": {"required": true, "schema": {"type": "string", "pattern": "^\"[0-9a-f]{16}(-gz)?\"$"}}, "Cache-Control": {"schema": {"const": "no-cache"}}},
          "content": {"text/html": {"schema": {"type": "string"}}}
        },
        "304": {"$ref": "#/components/responses/NotModified"}
        """#
    }
}
