import Catalog

extension OpenAPIDocument {
    /// `/parse/classes/{className}[/{objectId}]`: Parse Server's REST API for the read-only `Resource` class.
    static var parse: String {
        #"""
        "/parse/classes/{className}": {
          "parameters": [{"$ref": "#/components/parameters/ParseClassName"}],
          "get": {
            "operationId": "parseFind", "tags": ["parse"], "summary": "Query objects",
            "description": "`where` supports equality, `$ne`, `$in`, `$nin`, `$gt`, `$gte`, `$lt`, `$lte` (dates as `{\"__type\": \"Date\", \"iso\": \"…\"}`) and `$exists`. Other class names are empty.",
            "security": [{"parseApplicationId": []}],
            "parameters": [
              {"name": "where", "in": "query", "description": "A JSON object of constraints, at most \#(ParseLimits.maximumWhereBytes) bytes of UTF-8 (the schema's character limit is the bytes over 4, so that every string it allows fits the server's request-head limit once percent-encoded).", "schema": {"type": "string", "maxLength": \#(ParseLimits.maximumWhereBytes / 4)}},
              {"name": "order", "in": "query", "description": "A comma list of fields, `-` for descending.", "schema": {"type": "string"}},
              {"name": "skip", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": \#(ParseLimits.maximumSkip)}},
              {"name": "limit", "in": "query", "description": "Clamped to \#(ParseLimits.maximumLimit); 0 with `count=1` gives just the count.", "schema": {"type": "integer", "minimum": 0, "default": \#(ParseLimits.defaultLimit)}},
              {"name": "count", "in": "query", "schema": {"type": "string", "enum": ["1", "true", "0", "false"]}},
              {"name": "keys", "in": "query", "description": "A comma list of the fields to return besides objectId, createdAt and updatedAt.", "schema": {"type": "string"}}
            ],
            "responses": {
              "200": {"description": "The objects.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ParseResults"}}}},
              "400": {"description": "Code 102: a bad query (unknown field or operator, wrong value type).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ParseError"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"},
              "403": {"$ref": "#/components/responses/ParseUnauthorized"}
            }
          },
          "post": {
            "operationId": "parseCreate", "tags": ["parse"], "summary": "Refused: the class is read-only",
            "security": [{"parseApplicationId": []}],
            "requestBody": {"required": false, "content": {"application/json": {"schema": {"type": "object"}}}},
            "responses": {\#(parseRefusals)}
          }
        },
        "/parse/classes/{className}/{objectId}": {
          "parameters": [
            {"$ref": "#/components/parameters/ParseClassName"},
            {"name": "objectId", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^[A-Za-z0-9]{10}$"}}
          ],
          "get": {
            "operationId": "parseGet", "tags": ["parse"], "summary": "One object",
            "security": [{"parseApplicationId": []}],
            "parameters": [{"name": "keys", "in": "query", "schema": {"type": "string"}}],
            "responses": {
              "200": {"description": "The object.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ParseObject"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"},
              "403": {"$ref": "#/components/responses/ParseUnauthorized"},
              "404": {"description": "Code 101: `Object not found.`", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ParseError"}}}}
            }
          },
          "put": {
            "operationId": "parseUpdate", "tags": ["parse"], "summary": "Refused: the class is read-only",
            "security": [{"parseApplicationId": []}],
            "requestBody": {"required": false, "content": {"application/json": {"schema": {"type": "object"}}}},
            "responses": {\#(parseRefusals)}
          },
          "delete": {
            "operationId": "parseDelete", "tags": ["parse"], "summary": "Refused: the class is read-only",
            "security": [{"parseApplicationId": []}],
            "responses": {\#(parseRefusals)}
          }
        }
        """#
    }

    /// What every write answers: the class is read-only.
    static var parseRefusals: String {
        #"""
        "400": {"$ref": "#/components/responses/ParseForbiddenWrite"},
        "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"},
        "403": {"$ref": "#/components/responses/ParseUnauthorized"}
        """#
    }
}
