import Catalog

extension PostgresCatalog: PhotoCatalog {}
