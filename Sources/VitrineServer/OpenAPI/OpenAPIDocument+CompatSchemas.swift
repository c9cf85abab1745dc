import Catalog

extension OpenAPIDocument {
    /// The Pixabay and Parse answers, with their field names and JSON types exactly (their clients decode
    /// every field as required).
    static var compatSchemas: String {
        #"""
          "PixabayResponse": {
            "type": "object",
            "required": ["total", "totalHits", "hits"],
            "additionalProperties": false,
            "properties": {
              "total": {"type": "integer", "minimum": 0},
              "totalHits": {"type": "integer", "minimum": 0, "maximum": \#(PixabayLimits.maximumHits)},
              "hits": {"type": "array", "maxItems": \#(PixabayLimits.perPageRange.upperBound), "items": {"$ref": "#/components/schemas/PixabayHit"}}
            }
          },
          "PixabayHit": {
            "type": "object",
            "required": ["id", "pageURL", "type", "tags", "previewURL", "previewWidth", "previewHeight", "webformatURL", "webformatWidth", "webformatHeight", "largeImageURL", "imageWidth", "imageHeight", "imageSize", "views", "downloads", "collections", "favorites", "likes", "comments", "user_id", "user", "userImageURL"],
            "additionalProperties": false,
            "properties": {
              "id": {"type": "integer", "minimum": 1, "description": "The photo's stable number, never reused."},
              "pageURL": {"type": "string", "pattern": "^https?://[^/]+(/.*)?/p/[A-Za-z0-9_-]{12}$"},
              "type": {"const": "photo"},
              "tags": {"type": "string", "description": "The tags joined with \", \"."},
              "previewURL": {"type": "string", "pattern": "^https?://.*/sized/150\\.jpg$"},
              "previewWidth": {"type": "integer", "minimum": 1, "maximum": 150},
              "previewHeight": {"type": "integer", "minimum": 1, "maximum": 150},
              "webformatURL": {"type": "string", "pattern": "^https?://.*/sized/640\\.jpg$"},
              "webformatWidth": {"type": "integer", "minimum": 1, "maximum": 640},
              "webformatHeight": {"type": "integer", "minimum": 1, "maximum": 640},
              "largeImageURL": {"type": "string", "pattern": "^https?://.*/sized/1280\\.jpg$"},
              "imageWidth": {"type": "integer", "minimum": 1},
              "imageHeight": {"type": "integer", "minimum": 1},
              "imageSize": {"type": "integer", "minimum": 1},
              "views": {"type": "integer", "minimum": 0},
              "downloads": {"type": "integer", "minimum": 0},
              "collections": {"type": "integer", "minimum": 0},
              "favorites": {"type": "integer", "minimum": 0},
              "likes": {"type": "integer", "minimum": 0},
              "comments": {"type": "integer", "minimum": 0},
              "user_id": {"type": "integer"},
              "user": {"type": "string"},
              "userImageURL": {"type": "string"}
            }
          },
          "ParseObject": {
            "description": "A `Resource` object. `objectId`, `createdAt` and `updatedAt` are always present; `keys` selects the others.",
            "type": "object",
            "required": ["objectId", "createdAt", "updatedAt"],
            "additionalProperties": false,
            "properties": {
              "objectId": {"type": "string", "pattern": "^[A-Za-z0-9]{10}$"},
              "createdAt": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$"},
              "updatedAt": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$"},
              "filename": {"type": "string"},
              "thumbnailURLString": {"type": "string", "pattern": "^https?://"},
              "fileURLString": {"type": "string", "pattern": "^https?://"},
              "width": {"type": "integer", "minimum": 1},
              "height": {"type": "integer", "minimum": 1}
            }
          },
          "ParseResults": {
            "type": "object",
            "required": ["results"],
            "additionalProperties": false,
            "properties": {
              "results": {"type": "array", "maxItems": \#(ParseLimits.maximumLimit), "items": {"$ref": "#/components/schemas/ParseObject"}},
              "count": {"type": "integer", "minimum": 0, "description": "With `count=1`."}
            }
          }
        """#
    }
}
