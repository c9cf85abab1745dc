/// The pipeline's prefetcher is what a `GalleryStore` drives with its deck.
extension ImagePrefetcher: ImagePrefetching {}
