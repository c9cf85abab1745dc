import Hummingbird
import VitrineAPI

extension OpenAPIDocument {
    /// `/api/v1/albums` and `/api/v1/favorites`: sets of photos, changed with selections.
    static var albums: String {
        #"""
        "/api/v1/albums": {
          "get": {
            "operationId": "listAlbums", "tags": ["albums"], "summary": "Every album, most recently changed first, with its cover and count",
            \#(readSecurity),
            "responses": {
              "200": {"description": "The albums.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AlbumList"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          },
          "post": {
            "operationId": "createAlbum", "tags": ["albums"], "summary": "Create an album, optionally with photos",
            "security": [{"adminToken": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AlbumCreate"}}}},
            "responses": {
              "201": {"description": "Created.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Album"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "409": {"description": "`too_many_albums`: the library holds \#(SetsController<BasicRequestContext>.maximumAlbums).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "413": {"$ref": "#/components/responses/BodyTooLarge"},
              "422": {"$ref": "#/components/responses/BadCover"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        },
        "/api/v1/albums/{id}": {
          "parameters": [{"$ref": "#/components/parameters/AlbumIDPath"}],
          "get": {
            "operationId": "showAlbum", "tags": ["albums"], "summary": "One album; its photos are `GET /api/v1/photos?album={id}`",
            \#(readSecurity),
            "responses": {
              "200": {"description": "The album.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Album"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          },
          "patch": {
            "operationId": "editAlbum", "tags": ["albums"], "summary": "Rename, describe, or set the cover",
            "security": [{"adminToken": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AlbumEdit"}}}},
            "responses": {
              "200": {"description": "The album as it is now.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Album"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "413": {"$ref": "#/components/responses/BodyTooLarge"},
              "422": {"$ref": "#/components/responses/BadCover"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          },
          "delete": {
            "operationId": "deleteAlbum", "tags": ["albums"], "summary": "Delete an album; its photos stay in the library",
            "security": [{"adminToken": []}],
            "responses": {
              "204": {"description": "Deleted."},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        },
        "/api/v1/albums/{id}/photos": {
          "parameters": [{"$ref": "#/components/parameters/AlbumIDPath"}],
          "post": \#(setChange("addToAlbum", "Add photos to an album", "albums")),
          "delete": \#(setChange("removeFromAlbum", "Take photos out of an album (they stay in the library)", "albums"))
        },
        "/api/v1/favorites": {
          "post": \#(setChange("addFavorites", "Mark photos as favourites", "albums")),
          "delete": \#(setChange("removeFavorites", "Unmark favourites", "albums"))
        }
        """#
    }

    static func setChange(_ operationId: String, _ summary: String, _ tag: String) -> String {
        #"""
        {
            "operationId": "\#(operationId)", "tags": ["\#(tag)"], "summary": "\#(summary)",
            "description": "By ids and by ranges of the newest-first order, as a selection keeps them: a range of a million photos is two positions.",
            "security": [{"adminToken": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Selection"}}}},
            "responses": {
              "200": {"description": "How many photos changed.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SetChange"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "413": {"$ref": "#/components/responses/BodyTooLarge"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
        }
        """#
    }

    /// The album and selection wire types.
    static var albumSchemas: String {
        #"""
          "Album": {
            "type": "object",
            "required": ["id", "title", "description", "photoCount", "createdAt", "updatedAt"],
            "additionalProperties": false,
            "properties": {
              "id": {"$ref": "#/components/schemas/PhotoID"},
              "title": {"type": "string"},
              "description": {"type": "string"},
              "photoCount": {"type": "integer", "minimum": 0},
              "cover": {"$ref": "#/components/schemas/PhotoSummary"},
              "createdAt": {"$ref": "#/components/schemas/UTCTimestamp"},
              "updatedAt": {"$ref": "#/components/schemas/UTCTimestamp"}
            }
          },
          "AlbumList": {
            "type": "object",
            "required": ["items"],
            "additionalProperties": false,
            "properties": {"items": {"type": "array", "maxItems": \#(SetsController<BasicRequestContext>.maximumAlbums), "items": {"$ref": "#/components/schemas/Album"}}}
          },
          "AlbumChange": {
            "description": "Every field an album's create or edit may carry (`AlbumCreate`, `AlbumEdit` say which each takes): the shape of VitrineKit's `AlbumChange`.",
            "type": "object",
            "properties": {
              "title": {"type": "string", "minLength": 1, "maxLength": \#(TextRules.maximumTitleBytes)},
              "description": {"type": "string", "maxLength": \#(TextRules.maximumDescriptionBytes)},
              "coverPhotoId": {"oneOf": [{"$ref": "#/components/schemas/PhotoID"}, {"type": "null"}]},
              "photos": {"$ref": "#/components/schemas/Selection"}
            }
          },
          "AlbumCreate": {
            "description": "A new album: its `photos` are added at once, and its cover must be one of them.",
            "type": "object",
            "required": ["title"],
            "properties": {
              "title": {"$ref": "#/components/schemas/AlbumTitle"},
              "description": {"$ref": "#/components/schemas/AlbumDescription"},
              "coverPhotoId": {"oneOf": [{"$ref": "#/components/schemas/PhotoID"}, {"type": "null"}]},
              "photos": {"$ref": "#/components/schemas/Selection"}
            }
          },
          "AlbumEdit": {
            "description": "A missing key leaves the field alone; `coverPhotoId: null` goes back to the newest photo. Photos join and leave with `/api/v1/albums/{id}/photos`.",
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "title": {"$ref": "#/components/schemas/AlbumTitle"},
              "description": {"$ref": "#/components/schemas/AlbumDescription"},
              "coverPhotoId": {"oneOf": [{"$ref": "#/components/schemas/PhotoID"}, {"type": "null"}]}
            }
          },
          "AlbumTitle": {
            "description": "At most \#(TextRules.maximumTitleBytes) bytes of UTF-8, not blank, no control character.",
            "type": "string", "minLength": 1, "maxLength": \#(TextRules.maximumTitleBytes),
            "pattern": "^[^\\u0000-\\u001f\\u007f]*[^\\s\\u0000-\\u001f\\u007f][^\\u0000-\\u001f\\u007f]*$"
          },
          "AlbumDescription": {
            "description": "At most \#(TextRules.maximumDescriptionBytes) bytes of UTF-8; line breaks, and no other control character.",
            "type": "string", "maxLength": \#(TextRules.maximumDescriptionBytes),
            "pattern": "^[^\\u0000-\\u0009\\u000b-\\u001f\\u007f]*$"
          },
          "Selection": {
            "description": "Photos by id, and ranges of the newest-first order (both ends included), each optionally within a search, tags, an album or the favourites (not both). An end is `[takenAt ms, id]`, or `[takenAt ms]` for every photo of that millisecond. At least one of `ids` and `ranges`.",
            "type": "object", "minProperties": 1,
            "properties": {
              "ids": {"type": "array", "minItems": 1, "maxItems": \#(PhotoIDs.maximumCount), "items": {"$ref": "#/components/schemas/PhotoID"}},
              "ranges": {
                "type": "array", "minItems": 1, "maxItems": \#(Selection.maximumRanges),
                "items": {
                  "type": "object",
                  "required": ["newest", "oldest"],
                  "properties": {
                    "newest": {"$ref": "#/components/schemas/RangeEnd"},
                    "oldest": {"$ref": "#/components/schemas/RangeEnd"},
                    "q": {"type": "string", "maxLength": \#(PhotosController<BasicRequestContext>.maximumQueryBytes)},
                    "tags": {"type": "array", "maxItems": \#(PhotosController<BasicRequestContext>.maximumTags), "items": {"type": "string", "minLength": 1}},
                    "album": {"$ref": "#/components/schemas/PhotoID"},
                    "favorite": {"type": "boolean"}
                  }
                }
              }
            }
          },
          "RangeEnd": {
            "type": "array", "minItems": 1, "maxItems": 2,
            "prefixItems": [{"type": "integer", "format": "int64"}, {"$ref": "#/components/schemas/PhotoID"}],
            "items": {"type": ["integer", "string"], "format": "int64"}
          },
          "SetChange": {
            "type": "object",
            "required": ["changed"],
            "additionalProperties": false,
            "properties": {"changed": {"type": "integer", "minimum": 0}}
          }
        """#
    }
}
