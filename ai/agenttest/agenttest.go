// Package agenttest builds the external agent the tests of the line
// protocol play with: a small Go program (ai/testdata/agent) that plays
// random legal moves, checking every line it reads against the protocol,
// or misbehaves on purpose (-mode garbage, sleep, exit, spawn, waitfirst).
package agenttest

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// Build compiles the test agent into a temporary directory of t and
// returns the program's path.
func Build(t testing.TB) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to build the test agent: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "agent")
	out, err := exec.Command(goTool, "build", "-o", bin, "minehall/ai/testdata/agent").CombinedOutput()
	if err != nil {
		t.Fatalf("building the test agent: %v\n%s", err, out)
	}
	return bin
}
