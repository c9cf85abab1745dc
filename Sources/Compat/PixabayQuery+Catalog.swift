import Catalog

/// Maps the validated Pixabay parameters to the catalog's search, one page of it.
extension PixabayQuery {
    var compatSearch: CompatSearch {
        var search = CompatSearch()
        // The same filter as the JSON API's `q`: every word quoted, so nothing typed becomes FTS syntax.
        search.filter = PhotoFilter(query: text)
        search.number = number
        search.orientation =
            switch orientation {
            case .all: .all
            case .horizontal: .horizontal
            case .vertical: .vertical
            }
        search.minWidth = minWidth
        search.minHeight = minHeight
        search.grayscaleOnly = grayscaleOnly
        search.order =
            switch order {
            case .popular: .popular
            case .latest: .latest
            }
        search.offset = offset
        search.limit = perPage
        return search
    }
}

extension PixabayQueryError {
    var pixabayError: PixabayError { .outOfRange(parameter) }
}
