import Access
import Hummingbird

extension OpenAPIDocument {
    /// The JSON API's wire types (`VitrineAPI`), as the server encodes them: optional fields are left out
    /// when empty, except `nextCursor` and a change's `photo`, which are written as `null`.
    static var wireSchemas: String {
        #"""
          "VariantInfo": {
            "type": "object",
            "required": ["url", "width", "height"],
            "additionalProperties": false,
            "properties": {
              "url": {"type": "string", "pattern": "\#(assetURLPattern)", "description": "Content-addressed: `/assets/<sha256>[.ext]`, or `BASE/ab/cd/<sha256>` with `--asset-base-url`."},
              "width": {"type": "integer", "minimum": 0},
              "height": {"type": "integer", "minimum": 0},
              "jpegUrl": {"type": "string", "pattern": "\#(assetURLPattern)", "description": "With `--asset-base-url`: the JPEG sibling of a WebP thumb, for clients without WebP."}
            }
          },
          "VideoVariant": {
            "description":
                "What a browser plays, served with `Range` (206 Partial Content): as `video`, a clip; as `motion`, a Live Photo's or Motion Photo's clip, played while the photo is held (absent for other photos and for clips); as a detail's `motionOriginal`, that clip as it came, for downloads and mirrors. Its H.264/AAC MP4 web rendition once a worker made one (for HEVC, other codecs and containers, over 1080p or a high bitrate), else the clip as it came.",
            "type": "object",
            "required": ["url", "width", "height", "mimeType"],
            "additionalProperties": false,
            "properties": {
              "url": {"type": "string", "pattern": "\#(assetURLPattern)"},
              "width": {"type": "integer", "minimum": 1, "description": "As displayed, after rotation."},
              "height": {"type": "integer", "minimum": 1},
              "mimeType": {"type": "string", "enum": ["video/mp4", "video/quicktime", "video/x-m4v", "video/webm", "video/x-matroska", "video/3gpp"]}
            }
          },
          "Placeholder": {
            "type": "object",
            "required": ["thumbHash", "averageColor"],
            "additionalProperties": false,
            "properties": {
              "thumbHash": {"type": "string", "contentEncoding": "base64", "pattern": "^[A-Za-z0-9+/]*={0,2}$"},
              "averageColor": {"type": "string", "pattern": "^#[0-9a-f]{6}$"}
            }
          },
          "PhotoSummary": {
            "description": "A page item: what a grid needs to lay out and draw a tile.",
            "type": "object",
            "required": ["id", "width", "height", "title", "takenAt", "placeholder", "thumb", "preview", "original"],
            "additionalProperties": false,
            "properties": {
              "id": {"$ref": "#/components/schemas/PhotoID"},
              "width": {"type": "integer", "minimum": 1},
              "height": {"type": "integer", "minimum": 1},
              "title": {"type": "string", "description": "The title, or the original file name when there is none."},
              "takenAt": {"$ref": "#/components/schemas/Timestamp"},
              "placeholder": {"$ref": "#/components/schemas/Placeholder"},
              "thumb": {"$ref": "#/components/schemas/VariantInfo"},
              "small": {"$ref": "#/components/schemas/VariantInfo"},
              "preview": {"$ref": "#/components/schemas/VariantInfo"},
              "original": {"$ref": "#/components/schemas/VariantInfo"},
              "status": {"type": "string", "enum": ["processing", "failed"], "description": "Present until the photo is rendered: `processing` while it waits for a worker (its thumb and preview have an empty URL and no size, its placeholder is empty), `failed` when it could not be rendered. The change feed announces the photo updated when it lands."},
              "kind": {"type": "string", "enum": ["video"], "description": "`video` for a clip, whose thumb, small thumb and preview are its poster frame's; absent for photos."},
              "duration": {"type": "number", "minimum": 0, "description": "A clip's length in seconds; absent for photos."},
              "video": {"$ref": "#/components/schemas/VideoVariant"},
              "motion": {"$ref": "#/components/schemas/VideoVariant"}
            }
          },
          "PhotoPage": {
            "type": "object",
            "required": ["items", "nextCursor", "total"],
            "additionalProperties": false,
            "properties": {
              "items": {"type": "array", "maxItems": \#(PhotosController<BasicRequestContext>.maximumLimit), "items": {"$ref": "#/components/schemas/PhotoSummary"}},
              "nextCursor": {"type": ["string", "null"], "description": "Pass back as `cursor`; null on the last page."},
              "previousCursor": {"type": "string", "description": "Pass back as `after` for the newer page; absent when no newer photo matches or the page began at the top."},
              "position": {
                "type": "object",
                "description": "On an `around` page only: the photo's UTC month and how many of the filter's matches sort above it there (newest first); `month=YYYY-MM&offset=N` starts a page at it.",
                "required": ["year", "month", "offset"],
                "additionalProperties": false,
                "properties": {
                  "year": {"type": "integer"},
                  "month": {"type": "integer", "minimum": 1, "maximum": 12},
                  "offset": {"type": "integer", "minimum": 0}
                }
              },
              "total": {"type": "integer", "minimum": 0}
            }
          },
          "PhotoDetailPage": {
            "type": "object",
            "required": ["items", "nextCursor", "total"],
            "additionalProperties": false,
            "properties": {
              "items": {"type": "array", "maxItems": \#(PhotosController<BasicRequestContext>.maximumDetailLimit), "items": {"$ref": "#/components/schemas/PhotoDetail"}},
              "nextCursor": {"type": ["string", "null"], "description": "Pass back as `cursor`; null on the last page."},
              "total": {"type": "integer", "minimum": 0}
            }
          },
          "Timeline": {
            "type": "object",
            "required": ["months", "total"],
            "additionalProperties": false,
            "properties": {
              "months": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": ["year", "month", "count"],
                  "additionalProperties": false,
                  "properties": {
                    "year": {"type": "integer"},
                    "month": {"type": "integer", "minimum": 1, "maximum": 12},
                    "count": {"type": "integer", "minimum": 1}
                  }
                }
              },
              "total": {"type": "integer", "minimum": 0, "description": "The months' counts summed."}
            }
          },
          "PhotoDetail": {
            "type": "object",
            "required": ["id", "width", "height", "originalName", "format", "mimeType", "byteSize", "takenAt", "takenAtSource", "tags", "placeholder", "thumb", "preview", "original", "importedAt"],
            "additionalProperties": false,
            "properties": {
              "id": {"$ref": "#/components/schemas/PhotoID"},
              "width": {"type": "integer", "minimum": 1},
              "height": {"type": "integer", "minimum": 1},
              "title": {"type": "string"},
              "originalName": {"type": "string"},
              "format": {"type": "string", "enum": ["jpeg", "png", "webp", "tiff", "gif", "heic", "avif", "jxl", "mp4", "mov", "m4v", "webm", "mkv", "3gp"], "description": "The original's format: an image's, or a clip's container."},
              "mimeType": {"type": "string", "pattern": "^(image|video)/"},
              "byteSize": {"type": "integer", "format": "int64", "minimum": 1},
              "takenAt": {"$ref": "#/components/schemas/Timestamp"},
              "takenAtOffset": {"type": "integer", "description": "Minutes east of UTC."},
              "takenAtSource": {"type": "string", "enum": ["exif", "file"]},
              "cameraMake": {"type": "string"},
              "cameraModel": {"type": "string"},
              "lens": {"type": "string"},
              "exposureTime": {"type": "number", "description": "Seconds."},
              "fNumber": {"type": "number"},
              "iso": {"type": "integer"},
              "focalLength": {"type": "number", "description": "Millimetres."},
              "location": {
                "type": "object",
                "required": ["latitude", "longitude"],
                "additionalProperties": false,
                "properties": {
                  "latitude": {"type": "number", "minimum": -90, "maximum": 90},
                  "longitude": {"type": "number", "minimum": -180, "maximum": 180}
                }
              },
              "tags": {"type": "array", "items": {"type": "string"}, "description": "In name order."},
              "placeholder": {"$ref": "#/components/schemas/Placeholder"},
              "thumb": {"$ref": "#/components/schemas/VariantInfo"},
              "preview": {"$ref": "#/components/schemas/VariantInfo"},
              "original": {"$ref": "#/components/schemas/VariantInfo"},
              "importedAt": {"$ref": "#/components/schemas/UTCTimestamp"},
              "favorite": {"type": "boolean", "const": true, "description": "Present on favourites only."},
              "albums": {"type": "array", "items": {"$ref": "#/components/schemas/PhotoID"}, "description": "The albums it is in, on `GET /api/v1/photos/{id}`; absent when none."},
              "status": {"type": "string", "enum": ["processing", "failed"], "description": "Present until the photo is rendered: `processing` while it waits for a worker (its thumb and preview have an empty URL and no size, its placeholder is empty), `failed` when it could not be rendered. The change feed announces the photo updated when it lands."},
              "kind": {"type": "string", "enum": ["video"], "description": "`video` for a clip, whose thumb, small thumb and preview are its poster frame's; absent for photos."},
              "duration": {"type": "number", "minimum": 0, "description": "A clip's length in seconds; absent for photos."},
              "video": {"$ref": "#/components/schemas/VideoVariant"},
              "motion": {"$ref": "#/components/schemas/VideoVariant"},
              "motionOriginal": {"$ref": "#/components/schemas/VideoVariant"}
            }
          },
          "TagList": {
            "type": "object",
            "required": ["tags"],
            "additionalProperties": false,
            "properties": {
              "tags": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": ["name", "count"],
                  "additionalProperties": false,
                  "properties": {"name": {"type": "string"}, "count": {"type": "integer", "minimum": 1}}
                }
              }
            }
          },
          "PhotoEdit": {
            "description": "A missing key leaves that field alone; `null` or an empty title clears it; `tags` replaces every tag; `favorite` sets the heart.",
            "type": "object",
            "properties": {
              "title": {"type": ["string", "null"], "maxLength": \#(TextRules.maximumTitleBytes)},
              "tags": {"type": "array", "maxItems": \#(TextRules.maximumTagsPerPhoto), "items": {"type": "string", "maxLength": \#(TextRules.maximumTagBytes)}},
              "favorite": {"type": "boolean", "description": "Adds it to the favourites, or takes it out."}
            }
          },
          "UploadResult": {
            "type": "object",
            "required": ["photo", "duplicate"],
            "additionalProperties": false,
            "properties": {
              "photo": {"$ref": "#/components/schemas/PhotoDetail"},
              "duplicate": {"type": "boolean", "description": "True when these bytes were already in the catalog."}
            }
          },
          "ChangeMessage": {
            "description": "The JSON in a `change` event's data.",
            "type": "object",
            "required": ["seq", "kind", "id", "sortKey", "photo", "total"],
            "additionalProperties": false,
            "properties": {
              "seq": {"type": "integer", "format": "int64", "minimum": 1},
              "kind": {"type": "string", "enum": ["insert", "update", "delete", "album"], "description": "`album`: an album changed (its photos, title or cover, or it was deleted); `id` is then the album's."},
              "id": {"$ref": "#/components/schemas/PhotoID"},
              "sortKey": {"type": "array", "prefixItems": [{"type": "integer", "format": "int64"}, {"$ref": "#/components/schemas/PhotoID"}], "minItems": 2, "maxItems": 2, "description": "[takenAt ms, id]: where the photo sits in the newest-first order."},
              "photo": {"oneOf": [{"$ref": "#/components/schemas/PhotoSummary"}, {"type": "null"}]},
              "total": {"type": "integer", "minimum": 0}
            }
          },
          "ServerSentEvent": {
            "description": "One event of the change feed, as an EventSource reads it. `ready` (first, without a resume point) and `reset` (the resume point is older than the kept history: reload) carry `{\"seq\": N}`; `change` carries a ChangeMessage.",
            "type": "object",
            "required": ["event", "data"],
            "properties": {
              "event": {"type": "string", "enum": ["ready", "change", "reset"]},
              "data": {"type": "string", "contentMediaType": "application/json"},
              "id": {"type": "string", "pattern": "^[0-9]+$"},
              "retry": {"type": "integer", "minimum": 0}
            }
          },
          "KeyInfo": {
            "type": "object",
            "required": ["id", "hint", "label", "createdAt"],
            "additionalProperties": false,
            "properties": {
              "id": {"type": "integer", "format": "int64", "minimum": 1},
              "hint": {"type": "string", "description": "The key's last four hex digits."},
              "label": {"type": "string", "maxLength": \#(APIKeys.maximumLabelBytes)},
              "createdAt": {"$ref": "#/components/schemas/UTCTimestamp"},
              "revokedAt": {"$ref": "#/components/schemas/UTCTimestamp"}
            }
          },
          "KeyCreated": {
            "type": "object",
            "required": ["key", "info"],
            "additionalProperties": false,
            "properties": {
              "key": {"type": "string", "pattern": "^[0-9]{8}-[0-9a-f]{32}$", "description": "Shown once; only its SHA-256 is stored."},
              "info": {"$ref": "#/components/schemas/KeyInfo"}
            }
          },
          "KeyList": {
            "type": "object",
            "required": ["keys"],
            "additionalProperties": false,
            "properties": {"keys": {"type": "array", "items": {"$ref": "#/components/schemas/KeyInfo"}}}
          }
        """#
    }
}
