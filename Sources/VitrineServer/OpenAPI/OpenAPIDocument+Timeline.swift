import Hummingbird

extension OpenAPIDocument {
    /// `/api/v1/timeline`: the months with photos, for laying out a whole library before loading it.
    static var timeline: String {
        #"""
        "/api/v1/timeline": {
          "get": {
            "operationId": "timeline", "tags": ["photos"], "summary": "The months with photos and their counts, newest first",
            "description": "A photo's month is the UTC month of its `takenAt`. The whole library and one tag read counts the catalog keeps as photos are written (the same cost at any size); text or several tags count their matches. Filters as `GET /api/v1/photos`. Page into a month with `month` and `offset` there.",
            \#(readSecurity),
            "parameters": [
              {"name": "q", "in": "query", "description": "Free text, at most \#(PhotosController<BasicRequestContext>.maximumQueryBytes) bytes of UTF-8.", "schema": {"type": "string", "maxLength": \#(PhotosController<BasicRequestContext>.maximumQueryBytes)}},
              {"name": "tag", "in": "query", "style": "form", "explode": true, "description": "Repeat for several; all must match.", "schema": {"type": "array", "maxItems": \#(PhotosController<BasicRequestContext>.maximumTags), "items": {"type": "string", "minLength": 1, "maxLength": \#(TextRules.maximumTagBytes)}}},
              {"$ref": "#/components/parameters/AlbumFilter"}, {"$ref": "#/components/parameters/FavoriteFilter"}
            ],
            "responses": {
              "200": {
                "description": "The months, newest first; only months with photos.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Timeline"}}}
              },
              "400": {"$ref": "#/components/responses/BadRequest"},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooManyRequests"}, "503": {"$ref": "#/components/responses/Unavailable"}
            }
          }
        }
        """#
    }
}
