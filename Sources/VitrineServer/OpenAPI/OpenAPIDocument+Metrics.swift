extension OpenAPIDocument {
    /// `/metrics`: on the main port behind the admin token, unless `--no-metrics` or a separate
    /// `--metrics-port` takes it away from there.
    static var metrics: String {
        #"""
        "/metrics": {
          "get": {
            "operationId": "metrics", "tags": ["service"], "summary": "Prometheus metrics",
            "description": "Request counts and latencies by route pattern and status, requests in flight, open event streams, imports by outcome and reason, blob-store calls and errors by store, catalog call latency, the sized-render and blocking queues, and the process's resident memory and open files, in Prometheus text format 0.0.4. Needs the admin token. Absent (404) with `vitrine serve --no-metrics`, and when `--metrics-port` serves it on a separate listener instead (there without the token).",
            "security": [{"adminToken": []}],
            "responses": {
              "200": {"description": "The exposition, never cached.", "headers": {"Cache-Control": {"schema": {"type": "string", "const": "no-store"}}}, "content": {"text/plain": {"schema": {"type": "string"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"},
              "404": {"description": "Metrics are off, or served on the separate metrics listener.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "429": {"$ref": "#/components/responses/TooManyRequests"},
              "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        }
        """#
    }
}
