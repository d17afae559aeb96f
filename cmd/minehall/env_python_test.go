package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// systemPython is the Python the package is installed with: Debian's, whose
// python3-numpy, python3-venv and python3-setuptools .ci/run installs.
const systemPython = "/usr/bin/python3"

// TestPythonPackage builds the binary, installs python/ offline into a
// fresh virtual environment of the system Python (with its numpy and
// setuptools) and runs the package's unittest suite against the binary:
// the AEC contract for all four games, bad input, the parallel API and an
// episode equal to `minehall sim`'s. Without the system Python or numpy it
// fails under CI and is skipped elsewhere.
func TestPythonPackage(t *testing.T) {
	if out, err := exec.Command(systemPython, "-c", "import numpy, venv, setuptools").CombinedOutput(); err != nil {
		msg := "needs " + systemPython + " with numpy, venv and setuptools (Debian: python3-numpy python3-venv python3-setuptools python3-pip): " + strings.TrimSpace(string(out)) + " " + err.Error()
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "minehall")
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go is not on PATH: %v", err)
	}
	runIn(t, root, nil, goCmd, "build", "-o", bin, "./cmd/minehall")

	venv := filepath.Join(tmp, "venv")
	runIn(t, root, nil, systemPython, "-m", "venv", "--system-site-packages", venv)
	// Install from a copy, so that the build leaves nothing in the checkout.
	src := filepath.Join(tmp, "src")
	if err := os.CopyFS(src, os.DirFS(filepath.Join(root, "python"))); err != nil {
		t.Fatal(err)
	}
	py := filepath.Join(venv, "bin", "python3")
	quiet := []string{"PIP_DISABLE_PIP_VERSION_CHECK=1", "PYTHONDONTWRITEBYTECODE=1"}
	runIn(t, root, quiet, py, "-m", "pip", "install", "--no-build-isolation", "--no-index", src)

	env := append(quiet, "MINEHALL_BINARY="+bin)
	out := runIn(t, root, env, py, "-c", "import minehall; print(minehall.__file__)")
	if !strings.HasPrefix(out, venv) {
		t.Errorf("minehall was imported from %s; want the package installed in %s", strings.TrimSpace(out), venv)
	}
	out = runIn(t, root, env, py, "-m", "unittest", "discover", "python/tests")
	t.Logf("python tests:\n%s", out)
}

// runIn runs a command in dir with extra environment variables and returns
// its combined output, failing the test if it fails.
func runIn(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}
