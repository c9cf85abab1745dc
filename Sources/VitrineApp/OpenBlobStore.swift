import Blobs
import FileBlobs
import S3
import Scheduling

/// The store `location` names; an S3 store downloads into the data folder's `tmp/` (for libvips).
func openBlobStore(
    _ location: BlobLocation, dataDirectory directory: String, executor: BoundedExecutor
) throws -> any BlobStore {
    switch location {
    case .dataDirectory:
        return try FileBlobStore(root: directory, executor: executor)
    case .s3(let bucket, let credentials, let client):
        return try S3BlobStore(
            client: S3Client(location: bucket, credentials: credentials, configuration: client),
            temporaryRoot: directory + "/tmp", executor: executor)
    }
}
