import Hummingbird

extension OpenAPIDocument {
    /// `/api/v1/jobs`: the background work queue (renders, sizes, backfills, trash purges, collections).
    static var jobs: String {
        #"""
        "/api/v1/jobs": {
          "get": {
            "operationId": "jobQueue", "tags": ["admin"], "summary": "The job queue: counts, the oldest waiting job, the failed jobs",
            "description": "Jobs leave the queue when done, so the counts are work still to do and failures to see. A failed job was parked after its last attempt, with that attempt's error.",
            "security": [{"adminToken": []}],
            "responses": {
              "200": {"description": "The queue now.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/JobQueueStatus"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        },
        "/api/v1/jobs/retry": {
          "post": {
            "operationId": "retryJobs", "tags": ["admin"], "summary": "Put failed jobs back in the queue with fresh attempts",
            "security": [{"adminToken": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/JobRetry"}}}},
            "responses": {
              "200": {"description": "How many failed jobs wait again.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/JobRetryResult"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "413": {"$ref": "#/components/responses/BodyTooLarge"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        }
        """#
    }

    /// The job queue's wire types.
    static var jobSchemas: String {
        #"""
          "JobQueueStatus": {
            "type": "object",
            "required": ["counts", "oldestWaiting", "failures"],
            "additionalProperties": false,
            "properties": {
              "counts": {"type": "array", "items": {"$ref": "#/components/schemas/JobCountItem"}},
              "oldestWaiting": {"oneOf": [{"$ref": "#/components/schemas/JobItem"}, {"type": "null"}]},
              "failures": {"type": "array", "maxItems": 100, "items": {"$ref": "#/components/schemas/JobItem"}}
            }
          },
          "JobCountItem": {
            "type": "object",
            "required": ["kind", "state", "count"],
            "additionalProperties": false,
            "properties": {
              "kind": {"type": "string", "description": "render-variants, sized-variant, backfill, purge-trash, collect-blobs, transcode-video, or a newer release's kind."},
              "state": {"type": "string", "enum": ["waiting", "running", "failed"]},
              "count": {"type": "integer", "minimum": 1}
            }
          },
          "JobItem": {
            "type": "object",
            "required": ["id", "kind", "payload", "state", "attempts", "maxAttempts", "enqueuedAt", "lastError"],
            "additionalProperties": false,
            "properties": {
              "id": {"type": "integer", "format": "int64", "minimum": 1},
              "kind": {"type": "string"},
              "payload": {"type": "string", "description": "A photo id, PHOTO_ID/EDGE, a day count, or empty."},
              "state": {"type": "string", "enum": ["waiting", "running", "failed"]},
              "attempts": {"type": "integer", "minimum": 0},
              "maxAttempts": {"type": "integer", "minimum": 1},
              "enqueuedAt": {"$ref": "#/components/schemas/UTCTimestamp"},
              "lastError": {"type": ["string", "null"]}
            }
          },
          "JobRetry": {
            "type": "object",
            "properties": {
              "ids": {"type": "array", "minItems": 1, "maxItems": \#(JobsController<BasicRequestContext>.maximumIds), "items": {"type": "integer", "format": "int64", "minimum": 1}, "description": "Failed jobs to retry; absent retries every one."}
            }
          },
          "JobRetryResult": {
            "type": "object",
            "required": ["retried"],
            "additionalProperties": false,
            "properties": {
              "retried": {"type": "integer", "minimum": 0}
            }
          }
        """#
    }
}
