extension OpenAPIDocument {
    /// Security requirement of reads: public, unless the server runs with `--private`.
    static var readSecurity: String { #""security": [{}, {"adminToken": []}, {"sessionCookie": []}]"# }

    /// `/healthz`, this document and `/api/v1/session`.
    static var service: String {
        #"""
        "/healthz": {
          "get": {
            "operationId": "health", "tags": ["service"], "summary": "Liveness",
            "responses": {"200": {"description": "The server answers.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Health"}}}}}
          }
        },
        "/api/v1/openapi.json": {
          "get": {
            "operationId": "openAPIDocument", "tags": ["service"], "summary": "This document",
            "parameters": [{"$ref": "#/components/parameters/IfNoneMatch"}],
            "responses": {
              "200": {"description": "OpenAPI 3.1, compiled into the server.", "headers": {"ETag": {"schema": {"type": "string"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/OpenAPI"}}}},
              "304": {"$ref": "#/components/responses/NotModified"}
            }
          }
        },
        "/api/v1/session": {
          "get": {
            "operationId": "sessionShow", "tags": ["session"], "summary": "Whether reads need the token, and whether this request carries it",
            "security": [{}, {"adminToken": []}],
            "responses": {
              "200": {"description": "The session.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SessionInfo"}}}},
              "429": {"$ref": "#/components/responses/TooManyRequests"},
              "503": {"$ref": "#/components/responses/Unavailable"}
            }
          },
          "post": {
            "operationId": "sessionCreate", "tags": ["session"], "summary": "Check the token and set the read cookie",
            "description": "Sets an `HttpOnly`, `SameSite=Strict` cookie `vitrine_session` that authorises reads (images and EventSource cannot send headers); it holds a digest, never the token.",
            "security": [{"adminToken": []}],
            "responses": {
              "200": {"description": "The token is right; the cookie is set.", "headers": {"Set-Cookie": {"schema": {"type": "string", "pattern": "^vitrine_session="}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SessionInfo"}}}},
              "401": {"description": "No token, or not this server's.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "429": {"$ref": "#/components/responses/TooManyRequests"},
              "503": {"$ref": "#/components/responses/Unavailable"}
            }
          },
          "delete": {
            "operationId": "sessionEnd", "tags": ["session"], "summary": "Clear the read cookie",
            "security": [{}],
            "responses": {
              "204": {"description": "The cookie is cleared and its session ended.", "headers": {"Set-Cookie": {"schema": {"type": "string", "pattern": "^vitrine_session="}}}},
              "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        }
        """#
    }
}
