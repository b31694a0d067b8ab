"""Fetches cubing.js and the packages its player imports from the npm registry into a
node_modules-style folder, as `npm install cubing@0.56.0` would lay them out, with no
Node.js needed: each package's tarball, checked against the integrity hash npm's lock
file records, unpacked into DIR/NAME (a package already there at its version is
kept). `serve --cubing-js DIR` then serves them.

Run with: python3 tests/browser/fetch_cubing_js.py DIR
"""

import base64
import hashlib
import io
import json
import pathlib
import shutil
import sys
import tarfile
import tempfile
import urllib.request

REGISTRY = "https://registry.npmjs.org"

# Name, version and sha512 (npm's `integrity`) of each package.
PACKAGES = [
    ("cubing", "0.56.0",
     "8CabQLEkWA2iCy4LeyCPN5fCUnfjmz3QJ/Zo6EInEdPX/X/QNHbLhjljfumNHFoM234davupDj/i6D+ml7wAVQ=="),
    ("three", "0.170.0",
     "FQK+LEpYc0fBD+J8g6oSEyyNzjp+Q7Ks1C568WWaoMRLW+TkNNWmenWeGgJjV105Gd+p/2ql1ZcjYvNiPZBhuQ=="),
    ("comlink", "4.4.2",
     "OxGdvBmJuNKSCMO4NTl1L47VRp6xn2wG4F/2hYzB6tiCb709otOxtEYCSvK80PtjODfXXZu8ds+Nw5kVCjqd2g=="),
    ("random-uint-below", "3.3.0",
     "5x3lft1bn5gev9qA9iVFcmd0+t10j3eDl/QKB56T/3v/bdrM7WsfO2D0rb1JYcQdkcV0/Bs5iydgQmkTE6rczA=="),
]


def fetch(name, version, integrity, into):
    url = f"{REGISTRY}/{name}/-/{name}-{version}.tgz"
    with urllib.request.urlopen(url, timeout=120) as response:
        data = response.read()
    digest = base64.b64encode(hashlib.sha512(data).digest()).decode()
    if digest != integrity:
        sys.exit(f"{url}: sha512 {digest}, not the {integrity} recorded")
    # Unpacked beside the package's place, then moved there: a run cut short leaves no
    # half-unpacked package behind.
    unpacked = pathlib.Path(tempfile.mkdtemp(prefix=f".{name}-", dir=into))
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
            for member in archive.getmembers():
                # Every file of an npm tarball lies under one folder (package/).
                parts = pathlib.PurePosixPath(member.name).parts[1:]
                if not member.isfile() or not parts or ".." in parts:
                    continue
                path = unpacked.joinpath(*parts)
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(archive.extractfile(member).read())
    except BaseException:
        shutil.rmtree(unpacked, ignore_errors=True)
        raise
    target = into / name
    if target.exists():
        shutil.rmtree(target)
    unpacked.rename(target)


def present(folder, version):
    """Whether `folder` holds the package at `version`, as its package.json says."""
    try:
        return json.loads((folder / "package.json").read_text()).get("version") == version
    except (OSError, ValueError):
        return False


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    into = pathlib.Path(sys.argv[1])
    into.mkdir(parents=True, exist_ok=True)
    for name, version, integrity in PACKAGES:
        if not present(into / name, version):
            fetch(name, version, integrity, into)


if __name__ == "__main__":
    main()
