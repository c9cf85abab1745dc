import Hummingbird

extension OpenAPIDocument {
    /// `/api/v1/photos`, `/api/v1/photos/{id}`, `/api/v1/details` and `/api/v1/tags`: reads, and the admin's writes on the same paths.
    static var photos: String {
        """
        "/api/v1/photos": {
        \(listPhotos),
        \(uploadPhoto)
        },
        "/api/v1/photos/{id}": {
        "parameters": [{"$ref": "#/components/parameters/PhotoIDPath"}],
        \(showPhoto),
        \(editPhoto),
        \(deletePhoto)
        },
        \(listDetails),
        \(tags)
        """
    }

    static var listPhotos: String {
        #"""
        "get": {
          "operationId": "listPhotos", "tags": ["photos"], "summary": "One page of photos, newest first, optionally filtered",
          "description": "Keyset pagination by date taken then id: a cursor stays valid while photos are added, and no item is skipped or repeated. `q` is full text over title, file name, tags, camera and lens (every word must match as a prefix, diacritics folded); tags combine with AND, without case. A page starts at the top, or at one position: `cursor` (older than a page), `after` (newer than a page, returned newest first too), `before` (an instant), `around` (a photo) or `month` with `offset`. A page from a position carries `previousCursor` when newer photos match; an `around` page also carries `position`, where the photo sits in its month.",
          \#(readSecurity),
          "parameters": [
            {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": \#(PhotosController<BasicRequestContext>.maximumLimit), "default": \#(PhotosController<BasicRequestContext>.defaultLimit)}},
            {"name": "cursor", "in": "query", "description": "`nextCursor` of the previous page (with `order=relevance`, that order's cursor); empty is none.", "schema": {"type": "string", "maxLength": 64}},
            {"name": "q", "in": "query", "description": "Free text, at most \#(PhotosController<BasicRequestContext>.maximumQueryBytes) bytes of UTF-8.", "schema": {"type": "string", "maxLength": \#(PhotosController<BasicRequestContext>.maximumQueryBytes)}},
            {"name": "tag", "in": "query", "style": "form", "explode": true, "description": "Repeat for several; all must match.", "schema": {"type": "array", "maxItems": \#(PhotosController<BasicRequestContext>.maximumTags), "items": {"type": "string", "minLength": 1, "maxLength": \#(TextRules.maximumTagBytes)}}},
            {"$ref": "#/components/parameters/AlbumFilter"}, {"$ref": "#/components/parameters/FavoriteFilter"},
            {"name": "order", "in": "query", "description": "`relevance` ranks by BM25 (title matches first); its cursor is an offset, and it takes no other position.", "schema": {"type": "string", "enum": ["newest", "relevance"], "default": "newest"}},
            {"name": "before", "in": "query", "description": "Start at this instant: photos taken strictly before it. `YYYY-MM-DD` (midnight UTC) or `YYYY-MM-DDTHH:MM[:SS[.fff]]` with `Z` or `±HH:MM`.", "schema": {"type": "string", "maxLength": 64}},
            {"name": "after", "in": "query", "description": "`previousCursor` of a page: the page just newer than it, newest first.", "schema": {"type": "string", "maxLength": 64}},
            {"name": "around", "in": "query", "description": "A page centred on this photo, with cursors both ways and the photo's `position` in its month; 404 when there is no such photo.", "schema": {"$ref": "#/components/schemas/PhotoID"}},
            {"name": "month", "in": "query", "description": "A UTC month `YYYY-MM`: the page starts at its newest photo, `offset` photos down.", "schema": {"type": "string", "pattern": "^[0-9]{4}-(0[1-9]|1[0-2])$"}},
            {"name": "offset", "in": "query", "description": "With `month`: photos to skip from the month's top (each one an index step). Without `month` only 0, which skips nothing.", "schema": {"type": "integer", "minimum": 0, "maximum": \#(PhotosController<BasicRequestContext>.maximumMonthOffset), "default": 0}}
          ],
          "responses": {
            "200": {
              "description": "A page.",
              "links": {
                "photo": {"operationId": "showPhoto", "parameters": {"id": "$response.body#/items/0/id"}},
                "nextPage": {"operationId": "listPhotos", "parameters": {"cursor": "$response.body#/nextCursor"}},
                "previousPage": {"operationId": "listPhotos", "parameters": {"after": "$response.body#/previousCursor"}}
              },
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PhotoPage"}}}
            },
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"},
            "404": {"$ref": "#/components/responses/NotFound"}
          }
        }
        """#
    }

    static var showPhoto: String {
        #"""
        "get": {
          "operationId": "showPhoto", "tags": ["photos"], "summary": "A photo's full record",
          \#(readSecurity),
          "responses": {
            "200": {
              "description": "Every field we have.",
              "links": {
                "edit": {"operationId": "editPhoto", "parameters": {"id": "$response.body#/id"}},
                "sized": {"operationId": "sizedPhoto", "parameters": {"id": "$response.body#/id"}},
                "download": {"operationId": "downloadPhoto", "parameters": {"id": "$response.body#/id"}},
                "view": {"operationId": "countView", "parameters": {"id": "$response.body#/id"}}
              },
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PhotoDetail"}}}
            },
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"},
            "404": {"$ref": "#/components/responses/NotFound"}
          }
        }
        """#
    }

    static var listDetails: String {
        #"""
        "/api/v1/details": {
          "get": {
            "operationId": "listDetails", "tags": ["photos"], "summary": "One page of photos' full records, newest first",
            "description": "The order and cursor of `listPhotos`, each item a photo's full record (`showPhoto`): a client that keeps every detail, such as a mirror, reads a page instead of one request per photo.",
            \#(readSecurity),
            "parameters": [
              {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": \#(PhotosController<BasicRequestContext>.maximumDetailLimit), "default": \#(PhotosController<BasicRequestContext>.defaultLimit)}},
              {"name": "cursor", "in": "query", "description": "`nextCursor` of the previous page; empty is none.", "schema": {"type": "string", "maxLength": 64}},
              {"name": "q", "in": "query", "description": "Free text, as `listPhotos` takes it, at most \#(PhotosController<BasicRequestContext>.maximumQueryBytes) bytes of UTF-8.", "schema": {"type": "string", "maxLength": \#(PhotosController<BasicRequestContext>.maximumQueryBytes)}},
              {"name": "tag", "in": "query", "style": "form", "explode": true, "description": "Repeat for several; all must match.", "schema": {"type": "array", "maxItems": \#(PhotosController<BasicRequestContext>.maximumTags), "items": {"type": "string", "minLength": 1, "maxLength": \#(TextRules.maximumTagBytes)}}},
              {"$ref": "#/components/parameters/AlbumFilter"}, {"$ref": "#/components/parameters/FavoriteFilter"}
            ],
            "responses": {
              "200": {
                "description": "A page of details.",
                "links": {
                  "nextPage": {"operationId": "listDetails", "parameters": {"cursor": "$response.body#/nextCursor"}}
                },
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PhotoDetailPage"}}}
              },
              "400": {"$ref": "#/components/responses/BadRequest"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        }
        """#
    }

    static var tags: String {
        #"""
        "/api/v1/tags": {
          "get": {
            "operationId": "listTags", "tags": ["photos"], "summary": "The tags in use, most used first",
            \#(readSecurity),
            "parameters": [
              {"name": "limit", "in": "query", "description": "The most used tags to list.", "schema": {"type": "integer", "minimum": 1, "maximum": \#(PhotosController<BasicRequestContext>.maximumTagList), "default": \#(PhotosController<BasicRequestContext>.maximumTagList)}}
            ],
            "responses": {
              "200": {"description": "The tags and their counts.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TagList"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        }
        """#
    }
}
