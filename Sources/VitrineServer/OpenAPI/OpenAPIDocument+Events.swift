extension OpenAPIDocument {
    /// `GET /api/v1/events`: the change feed. The stream stays open (a `: ping` comment every 15 s) until the
    /// client or the server leaves.
    static var events: String {
        #"""
        "/api/v1/events": {
          "get": {
            "operationId": "changeFeed", "tags": ["photos"], "summary": "Server-Sent Events: one per insert, update or delete",
            "description": "Without a resume point the stream starts with `event: ready` carrying the latest seq. With `Last-Event-ID` (EventSource's own reconnects) or `since`, it sends exactly what was missed, even across a restart; a seq older than the kept history gets `event: reset`.",
            \#(readSecurity),
            "parameters": [
              {"name": "since", "in": "query", "description": "Resume after this sequence number.", "schema": {"type": "integer", "format": "int64", "minimum": 0, "maximum": 9223372036854775807}},
              {"name": "Last-Event-ID", "in": "header", "description": "Resume after this sequence number (wins over `since`).", "schema": {"type": "string", "pattern": "^[0-9]+$"}}
            ],
            "responses": {
              "200": {
                "description": "An open stream of events.",
                "headers": {"Cache-Control": {"schema": {"const": "no-store"}}},
                "content": {"text/event-stream": {"schema": {"$ref": "#/components/schemas/ServerSentEvent"}}}
              },
              "400": {"description": "`bad_event_id`: not a sequence number.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        }
        """#
    }
}
