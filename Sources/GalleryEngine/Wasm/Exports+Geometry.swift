/// The grid's geometry at viewport width `width` (`GridGeometry`): io[0] spacing, io[1] top inset (the top
/// bar), io[2] bottom inset, io[3] side inset, io[4] minimum tile width, io[5] tile aspect ratio, io[6] target
/// row height, io[7] month header, io[8] year header, io[9] average aspect ratio.
@_cdecl("ge_grid_geometry")
public func ge_grid_geometry(_ width: Double) {
    let g = GridGeometry(width: width)
    let v = io()
    v[0] = g.spacing
    v[1] = GridGeometry.topBar
    v[2] = GridGeometry.bottomInset
    v[3] = g.sideInset
    v[4] = g.minimumTileWidth
    v[5] = GridGeometry.tileAspectRatio
    v[6] = g.targetRowHeight
    v[7] = GridGeometry.monthHeader
    v[8] = GridGeometry.yearHeader
    v[9] = GridGeometry.averageAspectRatio
}
