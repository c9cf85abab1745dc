import HTTPParsing
import Hummingbird

extension Request {
    /// The query string decoded as clients encode it (see `FormQuery`): `+` is a space in every name and
    /// value, which `uri.queryParameters` leaves as a plus.
    package var formQuery: FormQuery { FormQuery(uri.query) }

    /// The same decoded parameters in the shape `uri.queryParameters` has (`subscript`, `getAll`), so a
    /// handler switches by changing only where it reads them.
    var formParameters: Parameters {
        Parameters(formQuery.pairs.map { (key: Substring($0.name), value: Substring($0.value)) })
    }
}
