/// A point in CSS pixels. Double precision: content coordinates of a
/// ten-million-photo library exceed what `Float` can address to the pixel.
public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = Point(x: 0, y: 0)
}

/// A size in CSS pixels.
public struct Size: Equatable, Sendable {
    public var width: Double
    public var height: Double
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    public static let zero = Size(width: 0, height: 0)
    /// width / height; 1 for degenerate sizes so callers never divide by zero.
    public var aspectRatio: Double { height > 0 && width > 0 ? width / height : 1 }
}

/// An axis-aligned rectangle, origin at top-left (DOM convention).
public struct Rect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width * 0.5 }
    public var midY: Double { y + height * 0.5 }
    public var center: Point { Point(x: midX, y: midY) }
    public var size: Size { Size(width: width, height: height) }
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// True when the interiors overlap (touching edges do not count), which is
    /// what "tiles must not overlap" means for layout invariants.
    public func overlaps(_ other: Rect, tolerance: Double = 0) -> Bool {
        x < other.maxX - tolerance && other.x < maxX - tolerance && y < other.maxY - tolerance
            && other.y < maxY - tolerance
    }

    /// The overlapping part. When the rects are disjoint on an axis the result
    /// has zero extent there and is placed on `other`'s nearest edge, so it
    /// always lies within `other` (a clip clamped to an image never escapes it).
    public func intersection(_ other: Rect) -> Rect {
        var x0 = x > other.x ? x : other.x
        var x1 = maxX < other.maxX ? maxX : other.maxX
        var y0 = y > other.y ? y : other.y
        var y1 = maxY < other.maxY ? maxY : other.maxY
        if !(x1 > x0) {
            x0 = EngineMath.clamp(x0, other.x, other.maxX)
            x1 = x0
        }
        if !(y1 > y0) {
            y0 = EngineMath.clamp(y0, other.y, other.maxY)
            y1 = y0
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < maxX && p.y >= y && p.y < maxY
    }

    /// Component-wise interpolation; `t` outside `0...1` extrapolates.
    public static func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(
            x: EngineMath.lerp(a.x, b.x, t), y: EngineMath.lerp(a.y, b.y, t),
            width: EngineMath.lerp(a.width, b.width, t), height: EngineMath.lerp(a.height, b.height, t))
    }
}

/// Padding around laid-out content.
public struct EdgeInsets: Equatable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    public static let zero = EdgeInsets()
}
