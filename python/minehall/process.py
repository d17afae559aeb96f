"""The `minehall env` process an environment talks to: one request line of
JSON in, one answer line out (docs/env.md)."""

import base64
import json
import os
import shutil
import subprocess
import tempfile

import numpy as np


class MinehallError(Exception):
    """An error answer of `minehall env`: what was wrong with a request.
    code is the game's error code ("invalid", "illegal", "game_over", …).
    The environment is left as it was."""

    def __init__(self, message, code=""):
        super().__init__(message)
        self.code = code


class ActionError(MinehallError, ValueError):
    """A step the environment refused: an action outside the action space or
    the mask, malformed notation. The environment is left as it was."""


def find_binary(binary=None):
    """Return the path of the `minehall` binary: binary if given, else
    $MINEHALL_BINARY, else `minehall` on PATH, else one built with
    `go build` from the repository that holds the current directory or
    this package."""
    if binary:
        return binary
    if os.environ.get("MINEHALL_BINARY"):
        return os.environ["MINEHALL_BINARY"]
    found = shutil.which("minehall")
    if found:
        return found
    return build_binary()


def _repository():
    starts = [os.getcwd(), os.path.dirname(os.path.abspath(__file__))]
    for start in starts:
        d = start
        while True:
            mod = os.path.join(d, "go.mod")
            if os.path.isfile(mod):
                with open(mod, encoding="utf-8") as f:
                    if f.readline().strip() == "module minehall":
                        return d
            parent = os.path.dirname(d)
            if parent == d:
                break
            d = parent
    return None


_built = {}


def build_binary(repository=None):
    """Build the binary with `go build` from the repository (found from the
    current directory or this package when not given) into a temporary
    directory, once per process, and return its path."""
    repo = repository or _repository()
    if repo is None:
        raise FileNotFoundError(
            "no minehall binary: give binary=…, set MINEHALL_BINARY, put minehall on PATH "
            "or run from a checkout of the repository (go build needs its go.mod)"
        )
    if repo in _built:
        return _built[repo]
    out = os.path.join(tempfile.mkdtemp(prefix="minehall-"), "minehall")
    subprocess.run(["go", "build", "-o", out, "./cmd/minehall"], cwd=repo, check=True)
    _built[repo] = out
    return out


class Process:
    """A running `minehall env`. request() sends one request and returns its
    answer, raising MinehallError (ActionError for a refused step) for an
    error answer."""

    def __init__(self, binary=None, max_steps=None, pace_ms=None):
        argv = [find_binary(binary), "env"]
        if max_steps is not None:
            argv += ["--max-steps", str(int(max_steps))]
        if pace_ms is not None:
            argv += ["--pace", f"{int(pace_ms)}ms"]
        self._proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=1 << 16
        )

    def send_line(self, line):
        """Send one raw line and return the answer as a dict, whatever it
        says (for tests of malformed frames)."""
        if self._proc is None:
            raise MinehallError("the environment is closed", "closed")
        self._proc.stdin.write(line.encode("utf-8") + b"\n")
        self._proc.stdin.flush()
        out = self._proc.stdout.readline()
        if not out:
            code = self._proc.poll()
            raise MinehallError(f"minehall env ended (exit status {code})", "closed")
        return json.loads(out)

    def request(self, op, **fields):
        ans = self.send_line(json.dumps({"op": op, **fields}, separators=(",", ":")))
        if not ans.get("ok"):
            cls = ActionError if op == "step" else MinehallError
            raise cls(ans.get("error", "error"), ans.get("code", ""))
        return ans

    def close(self):
        if self._proc is None:
            return
        proc, self._proc = self._proc, None
        try:
            proc.stdin.close()
            proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
        finally:
            proc.stdout.close()


def decode_tensor(b64, shape):
    """The float32 tensor of an observation frame."""
    return np.frombuffer(base64.b64decode(b64), dtype="<f4").astype(np.float32).reshape(shape)
