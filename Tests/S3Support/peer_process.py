"""The S3 peer (moto with signature checking, see s3peer.py) for the Python suites: the browser tests' S3
server and `make bench`'s storage table.

    peer = S3PeerProcess(scratch)
    bucket = peer.make_bucket("browser")
    subprocess.Popen([vitrine, "serve", ..., *peer.serve_args(bucket, "lib")], env=peer.env())
    ...
    peer.stop()
"""
import json
import os
import pathlib
import subprocess
import sys
import uuid

SCRIPT = pathlib.Path(__file__).resolve().parent / "s3peer.py"


class S3PeerProcess:
    """moto on a free loopback port with an IAM user's key; stops when `stop()` closes its standard input."""

    def __init__(self, scratch):
        os.makedirs(scratch, exist_ok=True)
        self.proc = subprocess.Popen(
            [sys.executable, str(SCRIPT), "serve", str(scratch)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait()
            raise RuntimeError("the S3 peer did not start")
        info = json.loads(line)
        self.endpoint = info["endpoint"]
        self.key = info["accessKeyId"]
        self.secret = info["secretAccessKey"]
        self.region = info["region"]

    def env(self, base=None):
        """The environment a `vitrine` process reads its S3 credentials from."""
        env = dict(os.environ if base is None else base)
        env.update(AWS_ACCESS_KEY_ID=self.key, AWS_SECRET_ACCESS_KEY=self.secret, AWS_REGION=self.region)
        env.pop("AWS_SESSION_TOKEN", None)
        return env

    def _tool(self, *args):
        env = dict(os.environ, S3PEER_ENDPOINT=self.endpoint, S3PEER_KEY=self.key, S3PEER_SECRET=self.secret)
        return subprocess.run([sys.executable, str(SCRIPT), *args], env=env, check=True,
                              capture_output=True, text=True).stdout

    def make_bucket(self, label="b"):
        name = f"vitrine-{label}-{uuid.uuid4().hex[:12]}"
        self._tool("create-bucket", name)
        return name

    def keys(self, bucket):
        """Every object key of the bucket."""
        return json.loads(self._tool("keys", bucket))

    def serve_args(self, bucket, prefix):
        """`vitrine` options that put a library's blobs in `s3://bucket/prefix` on this peer."""
        return ["--blobs", f"s3://{bucket}/{prefix}", "--s3-endpoint", self.endpoint, "--s3-region", self.region,
                "--s3-path-style"]

    def stop(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
