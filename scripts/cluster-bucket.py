#!/usr/bin/env python3
"""Keeps `make cluster`'s bucket across runs. The S3 peer (moto) holds its objects in memory only, so
scripts/cluster.sh copies them to a folder when it stops and puts them back when it starts again.

  cluster-bucket.py restore FOLDER BUCKET   creates BUCKET if missing, uploads every saved object
  cluster-bucket.py save FOLDER BUCKET      downloads the objects not yet saved, forgets the deleted ones

with S3PEER_ENDPOINT, S3PEER_KEY and S3PEER_SECRET in the environment (as for Tests/S3Support/s3peer.py).
Objects are saved as FOLDER/objects/<key> with their Content-Type and Cache-Control in FOLDER/index.json;
blob keys name their content, so a saved object never changes and is downloaded once.
"""
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor

import boto3
from botocore.config import Config


def client():
    return boto3.client("s3", endpoint_url=os.environ["S3PEER_ENDPOINT"], region_name="us-east-1",
                        aws_access_key_id=os.environ["S3PEER_KEY"],
                        aws_secret_access_key=os.environ["S3PEER_SECRET"],
                        config=Config(s3={"addressing_style": "path"}))


def load_index(folder: str) -> dict:
    try:
        with open(os.path.join(folder, "index.json")) as file:
            return json.load(file)
    except FileNotFoundError:
        return {}


def object_path(folder: str, key: str) -> str:
    path = os.path.normpath(os.path.join(folder, "objects", key))
    if not path.startswith(os.path.join(folder, "objects") + os.sep):
        raise ValueError(f"unexpected object key {key!r}")
    return path


def restore(folder: str, bucket: str) -> None:
    s3 = client()
    existing = {b["Name"] for b in s3.list_buckets().get("Buckets", [])}
    if bucket not in existing:
        s3.create_bucket(Bucket=bucket)
    index = load_index(folder)

    def put(item):
        key, meta = item
        with open(object_path(folder, key), "rb") as file:
            extra = {k: v for k, v in (("ContentType", meta.get("contentType")),
                                       ("CacheControl", meta.get("cacheControl"))) if v}
            s3.put_object(Bucket=bucket, Key=key, Body=file, **extra)

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(put, index.items()))
    print(f"bucket {bucket}: {len(index)} objects restored")


def save(folder: str, bucket: str) -> None:
    s3 = client()
    index = load_index(folder)
    present = [entry["Key"] for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket)
               for entry in page.get("Contents", [])]

    def fetch(key):
        answer = s3.get_object(Bucket=bucket, Key=key)
        path = object_path(folder, key)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path + ".part", "wb") as file:
            for chunk in answer["Body"].iter_chunks(1 << 20):
                file.write(chunk)
        os.replace(path + ".part", path)
        return key, {"contentType": answer.get("ContentType"), "cacheControl": answer.get("CacheControl")}

    with ThreadPoolExecutor(8) as pool:
        index.update(pool.map(fetch, [key for key in present if key not in index]))
    present = set(present)
    for key in [key for key in index if key not in present]:
        del index[key]
        try:
            os.remove(object_path(folder, key))
        except FileNotFoundError:
            pass
    with open(os.path.join(folder, "index.json.part"), "w") as file:
        json.dump(index, file)
    os.replace(os.path.join(folder, "index.json.part"), os.path.join(folder, "index.json"))
    print(f"bucket {bucket}: {len(index)} objects saved")


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("save", "restore"):
        sys.exit(__doc__)
    os.makedirs(sys.argv[2], exist_ok=True)
    {"save": save, "restore": restore}[sys.argv[1]](os.path.abspath(sys.argv[2]), sys.argv[3])
