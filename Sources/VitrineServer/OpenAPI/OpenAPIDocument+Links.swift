import Hummingbird

extension OpenAPIDocument {
    /// `/api/v1/links`: the owner's share links, and what a link's visitor reaches.
    static var links: String {
        #"""
        "/api/v1/links": {
          "get": {
            "operationId": "listLinks", "tags": ["links"], "summary": "Every share link, newest first, with its views",
            "security": [{"adminToken": []}],
            "responses": {
              "200": {"description": "The links.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LinkList"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          },
          "post": {
            "operationId": "createLink", "tags": ["links"], "summary": "Share an album, or chosen photos, as a link",
            "description": "The slug is 144 random bits. A password is stored only as a salted PBKDF2 hash.",
            "security": [{"adminToken": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LinkCreate"}}}},
            "responses": {
              "201": {"description": "Created.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ShareLink"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "409": {"description": "`too_many_links`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "413": {"$ref": "#/components/responses/BodyTooLarge"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        },
        "/api/v1/links/{slug}": {
          "parameters": [{"$ref": "#/components/parameters/LinkSlugPath"}],
          "get": {
            "operationId": "showLink", "tags": ["link visits"], "summary": "What a visitor's page shows first; counts a view",
            "security": [{}],
            "responses": {
              "200": {"description": "The link's title, and whether it needs its password.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LinkInfo"}}}},
              "404": {"$ref": "#/components/responses/NotFound"},
              "410": {"$ref": "#/components/responses/LinkExpired"},
              "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          },
          "patch": {
            "operationId": "editLink", "tags": ["links"], "summary": "Change a link's title, expiry, password or permissions",
            "description": "A new password ends every visitor's session.",
            "security": [{"adminToken": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LinkEdit"}}}},
            "responses": {
              "200": {"description": "The link as it is now.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ShareLink"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "413": {"$ref": "#/components/responses/BodyTooLarge"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          },
          "delete": {
            "operationId": "deleteLink", "tags": ["links"], "summary": "Delete a link; its page answers 404 from now on",
            "security": [{"adminToken": []}],
            "responses": {
              "204": {"description": "Deleted."},
              "404": {"$ref": "#/components/responses/NotFound"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        },
        "/api/v1/links/{slug}/session": {
          "parameters": [{"$ref": "#/components/parameters/LinkSlugPath"}],
          "post": {
            "operationId": "openLink", "tags": ["link visits"], "summary": "Trade a link's password for a cookie scoped to the link",
            "description": "Attempts are throttled per client address and per link. JSON is answered with JSON. A form (`application/x-www-form-urlencoded`, the link page's own, which works without JavaScript) is answered 303 to `/s/{slug}` with the cookie when right, and with the link's HTML password page (carrying the message) when not; its 404 and 410 are the missing and expired HTML pages.",
            "security": [{}],
            "requestBody": {"required": true, "content": {
              "application/json": {"schema": {"$ref": "#/components/schemas/LinkPasswordBody"}},
              "application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/LinkPasswordBody"}}
            }},
            "responses": {
              "200": {"description": "Open; the cookie is set.", "content": {"application/json": {"schema": {"type": "object"}}}},
              "303": {"description": "A form: open, the cookie is set; back to the link's page.", "headers": {"Location": {"required": true, "schema": {"type": "string"}}}},
              "400": {"description": "Bad input (`code` names it); a form gets the password page.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
              "401": {"description": "`wrong_password`; a form gets the password page again.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
              "404": {"description": "No such link.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
              "410": {"description": "`link_expired`.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
              "413": {"description": "The body is over its limit.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
              "429": {"description": "Too many failed attempts from this address or on this link.", "headers": {"Retry-After": {"required": true, "schema": {"type": "integer", "minimum": 1}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
              "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        },
        "/api/v1/links/{slug}/photos": \#(linkRead("linkPhotos", "The link's photos, newest first, paged as the library is", "PhotoPage", cursor: true, more: linkUpload)),
        "/api/v1/links/{slug}/timeline": \#(linkRead("linkTimeline", "The link's months and their counts", "Timeline", cursor: false)),
        "/api/v1/links/{slug}/photos/{id}": {
          "parameters": [{"$ref": "#/components/parameters/LinkSlugPath"}, {"$ref": "#/components/parameters/PhotoIDPath"}],
          "get": {
            "operationId": "linkPhoto", "tags": ["link visits"], "summary": "One of the link's photos; its place only when the owner allows it",
            "security": [{}, {"linkCookie": []}],
            "responses": {
              "200": {"description": "The photo.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PhotoDetail"}}}},
              "401": {"$ref": "#/components/responses/PasswordRequired"},
              "403": {"$ref": "#/components/responses/UploadOnly"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "410": {"$ref": "#/components/responses/LinkExpired"},
              "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        },
        "/api/v1/links/{slug}/assets/{name}": {
          "parameters": [
            {"$ref": "#/components/parameters/LinkSlugPath"},
            {"name": "name", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^[0-9a-f]{64}(\\.[a-z0-9]+)?$"}}
          ],
          "get": {
            "operationId": "linkAsset", "tags": ["link visits"], "summary": "A file of one of the link's photos; files kept as they came (originals, Live Photo clips) only when downloads are allowed",
            "security": [{}, {"linkCookie": []}],
            "responses": {
              "200": {"description": "The file.", "content": {"image/*": {"schema": {"type": "string", "contentMediaType": "image/*"}}, "video/*": {"schema": {"type": "string", "contentMediaType": "video/*"}}}},
              "206": {"description": "One range.", "content": {"image/*": {"schema": {"type": "string", "contentMediaType": "image/*"}}, "video/*": {"schema": {"type": "string", "contentMediaType": "video/*"}}}},
              "304": {"description": "Not modified."},
              "401": {"$ref": "#/components/responses/PasswordRequired"},
              "403": {"$ref": "#/components/responses/UploadOnly"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "410": {"$ref": "#/components/responses/LinkExpired"},
              "416": {"$ref": "#/components/responses/RangeNotSatisfiable"},
              "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          },
          "head": {
            "operationId": "linkAssetHead", "tags": ["link visits"], "summary": "A link file's headers",
            "security": [{}, {"linkCookie": []}],
            "responses": {
              "200": {"description": "The headers."}, "206": {"description": "One range's headers."}, "304": {"description": "Not modified."},
              "401": {"description": "The link needs its password."}, "403": {"description": "An upload-only link."}, "404": {"description": "Not a file of the link."},
              "410": {"description": "The link expired."}, "416": {"description": "The range starts past the end."},
              "429": {"description": "Too many failed credentials from this address.", "headers": {"Retry-After": {"required": true, "schema": {"type": "integer", "minimum": 1}}}},
              "503": {"description": "Busy, or the catalog is unavailable.", "headers": {"Retry-After": {"required": true, "schema": {"type": "integer", "minimum": 1}}}}
            }
          }
        }
        """#
    }

    static func linkRead(
        _ operationId: String, _ summary: String, _ schema: String, cursor: Bool, more: String = ""
    ) -> String {
        let parameters =
            cursor
            ? #"""
            , "parameters": [
              {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": \#(PhotosController<BasicRequestContext>.maximumLimit), "default": \#(PhotosController<BasicRequestContext>.defaultLimit)}},
              {"name": "cursor", "in": "query", "description": "`nextCursor` of the previous page; empty is none.", "schema": {"type": "string", "maxLength": 64}}
            ]
            """# : ""
        return #"""
            {
              "parameters": [{"$ref": "#/components/parameters/LinkSlugPath"}],
              "get": {
                "operationId": "\#(operationId)", "tags": ["link visits"], "summary": "\#(summary)",
                "security": [{}, {"linkCookie": []}]\#(parameters),
                "responses": {
                  "200": {"description": "OK.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/\#(schema)"}}}},
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "401": {"$ref": "#/components/responses/PasswordRequired"},
                  "403": {"$ref": "#/components/responses/UploadOnly"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "410": {"$ref": "#/components/responses/LinkExpired"},
                  "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }\#(more)
            }
            """#
    }

    /// The fields a link is made with and changed by.
    static var linkFields: String {
        #"""
        "title": {"type": "string", "maxLength": \#(TextRules.maximumTitleBytes)},
              "expiresAt": {"type": ["string", "null"], "format": "date-time", "maxLength": 64, "description": "ISO 8601 with its zone."},
              "password": {"type": ["string", "null"], "minLength": 1, "maxLength": 256},
              "allowDownload": {"type": "boolean"},
              "allowUpload": {"type": "boolean"},
              "showLocation": {"type": "boolean"},
              "showPhotos": {"type": "boolean", "description": "`false` makes an upload-only link (a file drop): visitors see no photos."}
        """#
    }

    static var linkSchemas: String {
        #"""
          "LinkChange": {
            "description": "Every field a link's create or edit may carry (`LinkCreate`, `LinkEdit` say which each takes): the shape of VitrineKit's `LinkChange`.",
            "type": "object",
            "properties": {
              "albumId": {"$ref": "#/components/schemas/PhotoID"},
              "photos": {"$ref": "#/components/schemas/Selection"},
              "title": {"type": "string", "maxLength": \#(TextRules.maximumTitleBytes)},
              "expiresAt": {"type": ["string", "null"], "maxLength": 64, "description": "ISO 8601 with its zone."},
              "password": {"type": ["string", "null"], "minLength": 1, "maxLength": 256},
              "allowDownload": {"type": "boolean"},
              "allowUpload": {"type": "boolean"},
              "showLocation": {"type": "boolean"},
              "showPhotos": {"type": "boolean", "description": "`false` makes an upload-only link (a file drop): visitors see no photos."}
            }
          },
          "LinkCreate": {
            "description": "A new link shares `albumId` or `photos` (exactly one of them); `null` or a missing key leaves `expiresAt` and `password` unset.",
            "type": "object",
            "properties": {
              "albumId": {"$ref": "#/components/schemas/PhotoID"},
              "photos": {"$ref": "#/components/schemas/Selection"},
              \#(linkFields)
            }
          },
          "LinkEdit": {
            "description": "A missing key leaves the field alone; `null` clears `expiresAt` or `password`. What a link shares is set when it is made.",
            "type": "object",
            "additionalProperties": false,
            "properties": {
              \#(linkFields)
            }
          },
          "ShareLink": {
            "type": "object",
            "required": ["slug", "url", "title", "photoCount", "createdAt", "hasPassword", "allowDownload", "allowUpload", "showLocation", "showPhotos", "uploadCount", "views"],
            "additionalProperties": false,
            "properties": {
              "slug": {"type": "string", "pattern": "^[A-Za-z0-9_-]{24}$"},
              "url": {"type": "string"},
              "albumId": {"$ref": "#/components/schemas/PhotoID"},
              "title": {"type": "string"},
              "photoCount": {"type": "integer", "minimum": 0},
              "createdAt": {"$ref": "#/components/schemas/UTCTimestamp"},
              "expiresAt": {"$ref": "#/components/schemas/UTCTimestamp"},
              "hasPassword": {"type": "boolean"},
              "allowDownload": {"type": "boolean"},
              "allowUpload": {"type": "boolean"},
              "showLocation": {"type": "boolean"},
              "showPhotos": {"type": "boolean"},
              "uploadCount": {"type": "integer", "minimum": 0, "description": "Photos visitors uploaded through the link, ever."},
              "views": {"type": "integer", "minimum": 0},
              "lastViewedAt": {"$ref": "#/components/schemas/UTCTimestamp"}
            }
          },
          "LinkList": {
            "type": "object",
            "required": ["items"],
            "additionalProperties": false,
            "properties": {"items": {"type": "array", "maxItems": \#(LinksController<BasicRequestContext>.maximumLinks), "items": {"$ref": "#/components/schemas/ShareLink"}}}
          },
          "LinkInfo": {
            "type": "object",
            "required": ["title", "passwordRequired", "allowDownload", "allowUpload", "showPhotos"],
            "additionalProperties": false,
            "properties": {
              "title": {"type": "string"},
              "passwordRequired": {"type": "boolean"},
              "photoCount": {"type": "integer", "minimum": 0, "description": "Absent until the password is given, and for an upload-only link."},
              "allowDownload": {"type": "boolean"},
              "allowUpload": {"type": "boolean"},
              "showPhotos": {"type": "boolean", "description": "`false`: an upload-only link, whose photos, timeline and files answer 403 `upload_only`."},
              "expiresAt": {"$ref": "#/components/schemas/UTCTimestamp"}
            }
          },
          "LinkUploadResult": {
            "type": "object",
            "additionalProperties": false,
            "properties": {"id": {"$ref": "#/components/schemas/PhotoID", "description": "The new photo; absent for an upload-only link, and for bytes the library already held (not added)."}}
          },
          "LinkPasswordBody": {
            "type": "object",
            "required": ["password"],
            "properties": {"password": {"type": "string", "maxLength": 256}}
          }
        """#
    }
}
