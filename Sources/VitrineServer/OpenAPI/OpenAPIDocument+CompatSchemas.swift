import Catalog

extension OpenAPIDocument {
    /// A Pixabay search's answer around its kind of hit.
    static func pixabayResponse(hit: String) -> String {
        #"""
        {
          "type": "object",
          "required": ["total", "totalHits", "hits"],
          "additionalProperties": false,
          "properties": {
            "total": {"type": "integer", "minimum": 0},
            "totalHits": {"type": "integer", "minimum": 0, "maximum": \#(PixabayLimits.maximumHits)},
            "hits": {"type": "array", "maxItems": \#(PixabayLimits.perPageRange.upperBound), "items": {"$ref": "#/components/schemas/\#(hit)"}}
          }
        }
        """#
    }

    /// The Pixabay and Parse answers, with their field names and JSON types exactly (their clients decode
    /// every field as required).
    static var compatSchemas: String {
        #"""
          "PixabayResponse": \#(pixabayResponse(hit: "PixabayHit")),
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
          "PixabayVideoResponse": \#(pixabayResponse(hit: "PixabayVideoHit")),
          "PixabayVideoHit": {
            "type": "object",
            "required": ["id", "pageURL", "type", "tags", "duration", "videos", "views", "downloads", "likes", "comments", "user_id", "user", "userImageURL"],
            "additionalProperties": false,
            "properties": {
              "id": {"type": "integer", "minimum": 1, "description": "The clip's stable number, never reused."},
              "pageURL": {"type": "string", "pattern": "^https?://[^/]+(/.*)?/p/[A-Za-z0-9_-]{12}$"},
              "type": {"const": "film"},
              "tags": {"type": "string", "description": "The tags joined with \", \"."},
              "duration": {"type": "integer", "minimum": 0, "description": "Whole seconds."},
              "videos": {
                "type": "object",
                "required": ["large", "medium", "small", "tiny"],
                "additionalProperties": false,
                "description": "`large` is the original when it is at least 1080p (else an empty URL and zero size, as Pixabay answers a size it lacks); the others are what a browser plays: the H.264 web rendition, else the original.",
                "properties": {
                  "large": {"$ref": "#/components/schemas/PixabayVideoRendition"},
                  "medium": {"$ref": "#/components/schemas/PixabayVideoRendition"},
                  "small": {"$ref": "#/components/schemas/PixabayVideoRendition"},
                  "tiny": {"$ref": "#/components/schemas/PixabayVideoRendition"}
                }
              },
              "views": {"type": "integer", "minimum": 0},
              "downloads": {"type": "integer", "minimum": 0},
              "likes": {"type": "integer", "minimum": 0},
              "comments": {"type": "integer", "minimum": 0},
              "user_id": {"type": "integer"},
              "user": {"type": "string"},
              "userImageURL": {"type": "string"}
            }
          },
          "PixabayVideoRendition": {
            "type": "object",
            "required": ["url", "width", "height", "size", "thumbnail"],
            "additionalProperties": false,
            "properties": {
              "url": {"type": "string", "description": "Served with `Range`; empty for a size the clip lacks."},
              "width": {"type": "integer", "minimum": 0},
              "height": {"type": "integer", "minimum": 0},
              "size": {"type": "integer", "minimum": 0},
              "thumbnail": {"type": "string", "description": "The poster frame, 150 px on its long edge."}
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
