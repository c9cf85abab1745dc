import Access

extension OpenAPIDocument {
    /// `/api/v1/keys`: the admin's Pixabay API keys.
    static var keys: String {
        #"""
        "/api/v1/keys": {
          "post": {
            "operationId": "createKey", "tags": ["admin"], "summary": "Make an API key for the Pixabay route",
            "security": [{"adminToken": []}],
            "requestBody": {
              "required": false,
              "description": "Optional; at most 4 KB.",
              "content": {"application/json": {"schema": {"type": "object", "properties": {"label": {"type": "string", "maxLength": \#(APIKeys.maximumLabelBytes)}}}}}
            },
            "responses": {
              "201": {
                "description": "The key, shown once.",
                "links": {"revoke": {"operationId": "revokeKey", "parameters": {"id": "$response.body#/info/id"}}},
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/KeyCreated"}}}
              },
              "400": {"description": "`bad_body` or `bad_label` (at most \#(APIKeys.maximumLabelBytes) bytes of UTF-8, no control characters).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"},
              "413": {"$ref": "#/components/responses/TooLarge"}
            }
          },
          "get": {
            "operationId": "listKeys", "tags": ["admin"], "summary": "Every key, revoked ones included",
            "security": [{"adminToken": []}],
            "responses": {
              "200": {"description": "The keys.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/KeyList"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        },
        "/api/v1/keys/{id}": {
          "delete": {
            "operationId": "revokeKey", "tags": ["admin"], "summary": "Revoke a key",
            "security": [{"adminToken": []}],
            "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64", "minimum": 1, "maximum": 9223372036854775807}}],
            "responses": {
              "204": {"description": "Revoked."},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"},
              "404": {"description": "No live key with that id.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
            }
          }
        }
        """#
    }
}
