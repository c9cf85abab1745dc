import Hummingbird

extension OpenAPIDocument {
    /// `/api/v1/trash`: what `DELETE /api/v1/photos/{id}` moved there, restorable until it is purged.
    static var trash: String {
        #"""
        "/api/v1/trash": {
          "get": {
            "operationId": "listTrash", "tags": ["admin"], "summary": "The trash, most recently deleted first",
            "description": "A deleted photo waits here, out of every page, count, search, tag and share link, for `--trash-days` (30 by default), then is purged for good.",
            "security": [{"adminToken": []}],
            "parameters": [
              {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": \#(TrashController<BasicRequestContext>.maximumLimit), "default": \#(PhotosController<BasicRequestContext>.defaultLimit)}},
              {"name": "cursor", "in": "query", "description": "`nextCursor` of the previous page; empty is none.", "schema": {"type": "string", "maxLength": 64}}
            ],
            "responses": {
              "200": {"description": "One page.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TrashList"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          },
          "delete": {
            "operationId": "emptyTrash", "tags": ["admin"], "summary": "Purge every trashed photo and the files nothing else uses",
            "security": [{"adminToken": []}],
            "responses": {
              "204": {"description": "Emptied."},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        },
        "/api/v1/trash/restore": {
          "post": {
            "operationId": "restoreFromTrash", "tags": ["admin"], "summary": "Put trashed photos back as they were",
            "description": "Each comes back under its own id with its tags and counters. One whose file was imported again meanwhile is merged into that photo.",
            "security": [{"adminToken": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PhotoIDs"}}}},
            "responses": {
              "200": {"description": "What happened to each id.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RestoreResult"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "413": {"$ref": "#/components/responses/BodyTooLarge"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        },
        "/api/v1/trash/{id}/{file}": {
          "parameters": [
            {"$ref": "#/components/parameters/PhotoIDPath"},
            {"name": "file", "in": "path", "required": true, "schema": {"enum": ["thumb", "preview", "original"]}}
          ],
          "get": {
            "operationId": "trashedFile", "tags": ["admin"], "summary": "A trashed photo's thumbnail, preview or original",
            "security": [{"adminToken": []}, {"sessionCookie": []}],
            "responses": {
              "200": {"description": "The file.", "content": {"image/*": {"schema": {"type": "string", "contentMediaType": "image/*"}}, "video/*": {"schema": {"type": "string", "contentMediaType": "video/*"}}}},
              "206": {"description": "One range of it.", "content": {"image/*": {"schema": {"type": "string", "contentMediaType": "image/*"}}, "video/*": {"schema": {"type": "string", "contentMediaType": "video/*"}}}},
              "304": {"description": "Not modified."},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "416": {"$ref": "#/components/responses/RangeNotSatisfiable"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          },
          "head": {
            "operationId": "trashedFileHead", "tags": ["admin"], "summary": "The headers of a trashed photo's file",
            "security": [{"adminToken": []}, {"sessionCookie": []}],
            "responses": {
              "200": {"description": "The file's headers."},
              "206": {"description": "One range's headers."},
              "304": {"description": "Not modified."},
              "400": {"description": "Not a photo id."},
              "401": {"description": "Without the admin token."},
              "404": {"description": "Not in the trash."},
              "416": {"description": "The range starts past the end."},
              "429": {"description": "Too many failed credentials from this address.", "headers": {"Retry-After": {"required": true, "schema": {"type": "integer", "minimum": 1}}}},
              "503": {"description": "Busy, or the catalog is unavailable.", "headers": {"Retry-After": {"required": true, "schema": {"type": "integer", "minimum": 1}}}}
            }
          }
        }
        """#
    }

    /// The trash's wire types.
    static var trashSchemas: String {
        #"""
          "TrashItem": {
            "type": "object",
            "required": ["id", "width", "height", "title", "takenAt", "placeholder", "thumb", "preview", "original", "trashedAt", "purgeAt"],
            "additionalProperties": false,
            "properties": {
              "id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{12}$"},
              "width": {"type": "integer", "minimum": 0},
              "height": {"type": "integer", "minimum": 0},
              "title": {"type": "string"},
              "takenAt": {"type": "string"},
              "placeholder": {"$ref": "#/components/schemas/Placeholder"},
              "thumb": {"type": "string", "pattern": "^/api/v1/trash/[A-Za-z0-9_-]{12}/thumb$"},
              "preview": {"type": "string", "pattern": "^/api/v1/trash/[A-Za-z0-9_-]{12}/preview$"},
              "original": {"type": "string", "pattern": "^/api/v1/trash/[A-Za-z0-9_-]{12}/original$"},
              "trashedAt": {"$ref": "#/components/schemas/UTCTimestamp"},
              "purgeAt": {"$ref": "#/components/schemas/UTCTimestamp"}
            }
          },
          "TrashList": {
            "type": "object",
            "required": ["items", "nextCursor", "total", "days"],
            "additionalProperties": false,
            "properties": {
              "items": {"type": "array", "maxItems": \#(TrashController<BasicRequestContext>.maximumLimit), "items": {"$ref": "#/components/schemas/TrashItem"}},
              "nextCursor": {"type": ["string", "null"], "description": "Pass back as `cursor`; null on the last page."},
              "total": {"type": "integer", "minimum": 0},
              "days": {"type": "integer", "minimum": 1, "description": "How long a trashed photo is kept."}
            }
          },
          "PhotoIDs": {
            "type": "object",
            "required": ["ids"],
            "properties": {
              "ids": {"type": "array", "minItems": 1, "maxItems": 10000, "items": {"type": "string", "pattern": "^[A-Za-z0-9_-]{12}$"}}
            }
          },
          "RestoreResult": {
            "type": "object",
            "required": ["restored", "merged", "missing"],
            "additionalProperties": false,
            "properties": {
              "restored": {"type": "array", "items": {"type": "string"}},
              "merged": {"type": "object", "additionalProperties": {"type": "string"}, "description": "Trashed id → the photo of the same file imported since."},
              "missing": {"type": "array", "items": {"type": "string"}}
            }
          }
        """#
    }
}
