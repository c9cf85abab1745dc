#!/usr/bin/env python3
"""The S3 peer of the Swift tests: moto in server mode with signature checking on, and boto3 as the
reference client that cross-checks what Vitrine wrote.

  s3peer.py serve SCRATCH
      Starts moto's server (`moto-server` below) on a free loopback port from SCRATCH with
      INITIAL_NO_AUTH_ACTION_COUNT=3, spends
      those three unsigned requests on an IAM user with a full-access policy and its key, prints one JSON
      line {endpoint, accessKeyId, secretAccessKey, region}, then waits for its standard input to close
      or its parent to end (the test process) and stops moto.

  s3peer.py COMMAND ...   with S3PEER_ENDPOINT, S3PEER_KEY, S3PEER_SECRET in the environment
      create-bucket NAME            creates a bucket
      object NAME KEY               prints {size, contentType, cacheControl, etag, sha256} of an object
      uploads NAME                  prints the keys of the bucket's unfinished multipart uploads
      keys NAME                     prints every key of the bucket
      put NAME KEY FILE             uploads a file as it is (to plant objects the store did not write)
      delete NAME KEY...            deletes objects (to take back what a store wrote)
      inventory NAME                prints {key: {sha256, contentType}} for every object of the bucket

  s3peer.py moto-server -H HOST -p PORT
      `moto_server`, with one fix: moto checks a signature against the URL as werkzeug re-quotes it, which
      differs from the URL sent when a query value holds `/` or a path holds non-ASCII characters (boto3's
      own requests are refused then); here it checks against the request line exactly as sent, as S3 does.

  s3peer.py sign        reads a request as JSON on standard input and prints botocore's SigV4 of it
  s3peer.py proxy TARGET_PORT SEED DROP_SHARE SLOWDOWN_SHARE
      A loopback HTTP proxy in front of TARGET_PORT that, drawing from a generator seeded with SEED, closes
      the connection without answering for DROP_SHARE of the requests and answers 503 SlowDown (S3's XML
      error body) for SLOWDOWN_SHARE, never failing more than two requests in a row; forwards the rest
      unchanged. Prints its port, then serves until its standard input closes; prints its counts at exit.
"""
import hashlib
import json
import os
import socket
import subprocess
import sys
import time

from ports import free_port

REGION = "us-east-1"
FREE_REQUESTS = 3


def wait_for_parent() -> None:
    """Returns when standard input closes or the parent process (the tests) is gone, whichever comes first:
    a parent that crashed closes nothing when a child inherited the pipe's other end."""
    import threading

    parent = os.getppid()
    closed = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), closed.set()), daemon=True).start()
    while not closed.wait(0.5) and os.getppid() == parent:
        pass


def wait_listening(port: int, process: subprocess.Popen, seconds: float = 60) -> bool:
    """Waits for the port to accept a TCP connection; no HTTP request, which would spend a free one."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True
        except OSError:
            time.sleep(0.1)
    return False


def start_moto(scratch: str):
    env = dict(os.environ, INITIAL_NO_AUTH_ACTION_COUNT=str(FREE_REQUESTS), MOTO_ALLOW_NONEXISTENT_REGION="true")
    for _ in range(5):
        port = free_port()
        log = open(os.path.join(scratch, f"moto-{port}.log"), "wb")
        process = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "moto-server", "-H", "127.0.0.1", "-p", str(port)],
            cwd=scratch, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        if wait_listening(port, process):
            return process, port
        process.kill()
        process.wait()
    sys.exit("moto_server did not start")


def moto_server(argv) -> None:
    from urllib.parse import urlsplit

    import moto.core.authorization as authorization
    import moto.core.responses as responses
    from moto.server import main

    setup_class = responses.BaseResponse.setup_class

    def setup_keeping_the_sent_uri(self, request, full_url, headers, use_raw_body=False):
        setup_class(self, request, full_url, headers, use_raw_body)
        raw = getattr(request, "environ", {}).get("RAW_URI")
        if raw:
            parts = urlsplit(full_url)
            self.sent_uri = f"{parts.scheme}://{parts.netloc}{raw}"

    authenticate = authorization.ActionAuthenticatorMixin._authenticate_and_authorize_action

    def authenticate_what_was_sent(self, iam_request_cls, resource="*"):
        sent = getattr(self, "sent_uri", None)
        if sent is None:
            return authenticate(self, iam_request_cls, resource)
        uri, self.uri = self.uri, sent
        try:
            return authenticate(self, iam_request_cls, resource)
        finally:
            self.uri = uri

    responses.BaseResponse.setup_class = setup_keeping_the_sent_uri
    authorization.ActionAuthenticatorMixin._authenticate_and_authorize_action = authenticate_what_was_sent
    main(argv)


def serve(scratch: str) -> None:
    import boto3

    os.makedirs(scratch, exist_ok=True)
    process, port = start_moto(scratch)
    try:
        endpoint = f"http://127.0.0.1:{port}"
        iam = boto3.client("iam", endpoint_url=endpoint, region_name=REGION,
                           aws_access_key_id="bootstrap", aws_secret_access_key="bootstrap")
        iam.create_user(UserName="vitrine")
        policy = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]}
        iam.put_user_policy(UserName="vitrine", PolicyName="full-access", PolicyDocument=json.dumps(policy))
        key = iam.create_access_key(UserName="vitrine")["AccessKey"]
        print(json.dumps({"endpoint": endpoint, "accessKeyId": key["AccessKeyId"],
                          "secretAccessKey": key["SecretAccessKey"], "region": REGION}), flush=True)
        wait_for_parent()
    finally:
        process.terminate()
        try:
            process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            process.kill()


def client():
    import boto3
    from botocore.config import Config

    return boto3.client("s3", endpoint_url=os.environ["S3PEER_ENDPOINT"], region_name=REGION,
                        aws_access_key_id=os.environ["S3PEER_KEY"],
                        aws_secret_access_key=os.environ["S3PEER_SECRET"],
                        config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 1}))


def sign() -> None:
    """botocore's S3 signer on a fixed clock: the independent reference for Vitrine's SigV4."""
    import datetime
    from unittest import mock

    import botocore.auth
    from botocore.awsrequest import AWSRequest
    from botocore.config import Config
    from botocore.credentials import Credentials

    spec = json.load(sys.stdin)
    request = AWSRequest(method=spec["method"], url=spec["url"], data=bytes.fromhex(spec.get("bodyHex", "")))
    for name, value in spec["headers"]:
        request.headers[name] = value
    request.context["client_config"] = Config(s3={"payload_signing_enabled": not spec.get("unsignedPayload", False)})
    credentials = Credentials(spec["accessKeyId"], spec["secretAccessKey"], spec.get("sessionToken"))
    signer = botocore.auth.S3SigV4Auth(credentials, "s3", spec["region"])
    now = datetime.datetime.fromtimestamp(spec["unixSeconds"], tz=datetime.timezone.utc).replace(tzinfo=None)
    canonical = []
    original = signer.canonical_request
    signer.canonical_request = lambda request: canonical.append(original(request)) or canonical[-1]
    with mock.patch.object(botocore.auth, "get_current_datetime", return_value=now):
        signer.add_auth(request)
    print(json.dumps({"authorization": request.headers["Authorization"], "canonicalRequest": canonical[-1]}))


def proxy(target_port: int, seed: int, drop_share: float, slowdown_share: float) -> None:
    import http.client
    import random
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    draw = random.Random(seed)
    lock = threading.Lock()
    counts = {"forwarded": 0, "dropped": 0, "slowdown": 0}
    streak = [0]

    def decide() -> str:
        with lock:
            roll = draw.random()
            fate = "forwarded"
            if streak[0] < 2 and roll < drop_share:
                fate = "dropped"
            elif streak[0] < 2 and roll < drop_share + slowdown_share:
                fate = "slowdown"
            streak[0] = 0 if fate == "forwarded" else streak[0] + 1
            counts[fate] += 1
            return fate

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:
            pass

        def handle_one(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            fate = decide()
            if fate == "dropped":
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)
                return
            if fate == "slowdown":
                error = (b'<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code>'
                         b'<Message>Please reduce your request rate.</Message></Error>')
                self.send_response(503)
                self.send_header("Content-Type", "application/xml")
                self.send_header("Content-Length", str(len(error)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(error)
                return
            upstream = http.client.HTTPConnection("127.0.0.1", target_port, timeout=60)
            headers = {name: value for name, value in self.headers.items()}
            upstream.request(self.command, self.path, body=body if length or self.command in ("PUT", "POST") else None,
                             headers=headers)
            answer = upstream.getresponse()
            data = answer.read()
            self.send_response_only(answer.status, answer.reason)
            for name, value in answer.getheaders():
                if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                    self.send_header(name, value)
            # A HEAD answer's Content-Length is the object's size (S3's HeadObject reports it there), not 0.
            length = answer.getheader("Content-Length") if self.command == "HEAD" else None
            self.send_header("Content-Length", length or str(len(data)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)
            upstream.close()

        do_GET = do_PUT = do_POST = do_DELETE = do_HEAD = handle_one

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(server.server_address[1], flush=True)
    wait_for_parent()
    server.shutdown()
    print(json.dumps(counts), flush=True)


def main(argv):
    command = argv[1] if len(argv) > 1 else ""
    if command == "serve":
        return serve(argv[2])
    if command == "moto-server":
        return moto_server(argv[2:])
    if command == "sign":
        return sign()
    if command == "proxy":
        return proxy(int(argv[2]), int(argv[3]), float(argv[4]), float(argv[5]))
    s3 = client()
    if command == "create-bucket":
        s3.create_bucket(Bucket=argv[2])
    elif command == "object":
        answer = s3.get_object(Bucket=argv[2], Key=argv[3])
        body = answer["Body"].read()
        print(json.dumps({"size": len(body), "contentType": answer.get("ContentType"),
                          "cacheControl": answer.get("CacheControl"), "etag": answer.get("ETag"),
                          "sha256": hashlib.sha256(body).hexdigest()}))
    elif command == "uploads":
        answer = s3.list_multipart_uploads(Bucket=argv[2])
        print(json.dumps([upload["Key"] for upload in answer.get("Uploads", [])]))
    elif command == "keys":
        keys = []
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=argv[2]):
            keys += [item["Key"] for item in page.get("Contents", [])]
        print(json.dumps(keys))
    elif command == "put":
        with open(argv[4], "rb") as file:
            s3.put_object(Bucket=argv[2], Key=argv[3], Body=file.read())
    elif command == "inventory":
        objects = {}
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=argv[2]):
            for item in page.get("Contents", []):
                answer = s3.get_object(Bucket=argv[2], Key=item["Key"])
                objects[item["Key"]] = {"sha256": hashlib.sha256(answer["Body"].read()).hexdigest(),
                                        "contentType": answer.get("ContentType")}
        print(json.dumps(objects))
    elif command == "delete":
        for key in argv[3:]:
            s3.delete_object(Bucket=argv[2], Key=key)
    else:
        sys.exit(f"unknown command: {command!r}")


if __name__ == "__main__":
    main(sys.argv)
