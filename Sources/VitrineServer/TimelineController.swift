import Catalog
import Hummingbird
import VitrineAPI

/// `GET /api/v1/timeline`: the months with photos and their counts, newest first, for the whole library or a
/// filter (`q`, `tag`, read as `GET /api/v1/photos` reads them).
struct TimelineController<Context: RequestContext>: Sendable {
    let catalog: any PhotoReading
    /// Answers kept while the change feed stays where it was: a scrubbing client asks again after every change.
    let answers: CachedAnswers

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("timeline", use: timeline)
    }

    @Sendable func timeline(_ request: Request, context: Context) async throws -> Response {
        let filter = try PhotosController<Context>.filter(from: request.formParameters)
        return try await answers.json(request) {
            let counts = try await catalog.monthCounts(filter: filter)
            let months = counts.map { Timeline.Month(year: $0.month.year, month: $0.month.month, count: $0.count) }
            return Timeline(months: months, total: counts.reduce(0) { $0 &+ $1.count }).jsonBytes()
        }
    }
}
