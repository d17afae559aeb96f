package e2e

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestEveryBrowserBenchmarkRuns runs each benchmark of this package once
// (-benchtime 1x), as docs/benchmarks.md runs it (its own -bench pattern,
// in this test binary), so that a benchmark the server's rules have moved
// on from fails here rather than when someone next measures. The
// benchmarks are found by listing them, so a new one is run too.
func TestEveryBrowserBenchmarkRuns(t *testing.T) {
	t.Parallel()
	list, err := exec.Command(os.Args[0], "-test.list", "^Benchmark").Output()
	if err != nil {
		t.Fatalf("list the benchmarks: %v", err)
	}
	var names []string
	for _, line := range strings.Fields(string(list)) {
		if strings.HasPrefix(line, "Benchmark") {
			names = append(names, line)
		}
	}
	if len(names) < 3 {
		t.Fatalf("benchmarks listed: got %q; want at least the three browser benchmarks", names)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			out, err := exec.Command(os.Args[0], "-test.run", "^$", "-test.bench", "^"+name+"$", "-test.benchtime", "1x").CombinedOutput()
			if err != nil {
				t.Fatalf("-bench '^%s$' -benchtime 1x: %v\n%s", name, err, out)
			}
			// A benchmark that ran prints its line: name, iterations and
			// figures.
			ran := regexp.MustCompile(`(?m)^` + name + `(-\d+)?\s+1\s+\d+ ns/op`)
			if !ran.Match(out) {
				t.Errorf("-bench '^%s$' -benchtime 1x: no result line for %s in\n%s", name, name, out)
			}
		})
	}
}
