package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestEnvRefusesBadFlags(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"negative step limit", []string{"env", "--max-steps", "-1"}, "--max-steps must be 0 (no limit) or more, not -1"},
		{"pace under a millisecond", []string{"env", "--pace", "10us"}, "--pace must be at least 1ms, not 10µs"},
		{"an argument", []string{"env", "minerals"}, "takes no arguments, got 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runCmd(t, registry(), tt.args...)
			if code != 2 || !strings.Contains(stderr, tt.wantErr) {
				t.Errorf("got exit %d, stderr %q; want 2 and %q", code, stderr, tt.wantErr)
			}
		})
	}
}

func TestEnvServesEpisodesOnStdio(t *testing.T) {
	in := strings.Join([]string{
		`{"op":"reset","game":"minerals","seed":1,"views":false}`,
		`{"op":"steer"}`,
		`{"op":"reset","game":"tf22","seed":1,"views":false}`,
		`{"op":"advise"}`,
	}, "\n") + "\n"
	root := newRootCmd(registry())
	var out, errOut bytes.Buffer
	root.SetArgs([]string{"env", "--max-steps", "50"})
	root.SetIn(strings.NewReader(in))
	root.SetOut(&out)
	root.SetErr(&errOut)
	if err := root.ExecuteContext(context.Background()); err != nil {
		t.Fatalf("minehall env: %v (%s)", err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []struct {
		ok   bool
		game string
	}{{true, "minerals"}, {false, ""}, {true, "tf22"}, {true, ""}}
	if len(lines) != len(want) {
		t.Fatalf("got %d answers; want %d: %q", len(lines), len(want), lines)
	}
	for i, line := range lines {
		var a struct {
			OK  bool `json:"ok"`
			Env *struct {
				Game     string `json:"game"`
				MaxSteps int    `json:"max_steps"`
			} `json:"env"`
		}
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatalf("answer %d does not decode: %v", i+1, err)
		}
		if a.OK != want[i].ok {
			t.Errorf("answer %d: got ok %v; want %v (%s)", i+1, a.OK, want[i].ok, line)
		}
		if want[i].game != "" && (a.Env == nil || a.Env.Game != want[i].game || a.Env.MaxSteps != 50) {
			t.Errorf("answer %d: got %.120s; want an episode of %s with --max-steps 50", i+1, line, want[i].game)
		}
	}
}
