import PostgresNIO

/// SQL text assembled from fixed fragments, with every value bound as a parameter (`$n`), never spliced in.
struct QueryBuilder {
    private(set) var sql = ""
    private(set) var binds = PostgresBindings()
    private var count = 0

    init(_ sql: String = "") { self.sql = sql }

    /// Appends fixed SQL text (never text from outside).
    mutating func append(_ fragment: String) { sql += fragment }

    /// Binds `value` and returns its placeholder.
    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value) -> String {
        binds.append(value)
        count += 1
        return "$\(count)"
    }

    /// Binds `value` (NULL when nil) and returns its placeholder.
    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value?) -> String {
        binds.append(value)
        count += 1
        return "$\(count)"
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: binds) }
}
