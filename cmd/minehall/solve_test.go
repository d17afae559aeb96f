package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestSolveCommand(t *testing.T) {
	t.Run("OnePair", func(t *testing.T) {
		cmd := newSolveCmd()
		var out bytes.Buffer
		cmd.SetOut(&out)
		cmd.SetArgs([]string{"outofmine", "--board", "1", "--side", "A", "--card", "1"})
		if err := cmd.Execute(); err != nil {
			t.Fatalf("got error %v; want none", err)
		}
		if !strings.Contains(out.String(), "TILINGS") {
			t.Errorf("got %q; want a table with a TILINGS column", out.String())
		}
	})
	t.Run("AllJSON", func(t *testing.T) {
		cmd := newSolveCmd()
		var out bytes.Buffer
		cmd.SetOut(&out)
		cmd.SetArgs([]string{"outofmine", "--all", "--json"})
		if err := cmd.Execute(); err != nil {
			t.Fatalf("got error %v; want none", err)
		}
		var rep map[string]any
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatalf("output is not JSON: %v", err)
		}
		for _, k := range []string{"pairs", "exact_pairs", "per_card", "per_side", "optimal_empty", "elapsed_ms"} {
			if _, ok := rep[k]; !ok {
				t.Errorf("got keys without %q; want it", k)
			}
		}
		if rep["pairs"] != 800.0 {
			t.Errorf("got pairs %v; want 800", rep["pairs"])
		}
	})
	t.Run("ErrOtherGame", func(t *testing.T) {
		cmd := newSolveCmd()
		cmd.SetOut(&bytes.Buffer{})
		cmd.SetErr(&bytes.Buffer{})
		cmd.SetArgs([]string{"minerals", "--all"})
		if err := cmd.Execute(); err == nil {
			t.Errorf("got no error for solve minerals; want one")
		}
	})
}
