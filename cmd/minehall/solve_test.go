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
		// The legend explains every column and the drawing's symbols.
		for _, want := range []string{"Legend:", "EMPTY    the fewest gallery spaces", "TILINGS  the number of exact tilings", "BONUS    the best elves",
			"'.' rock, '#' an empty gallery space, a letter a tile", "r0 r90 r180 r270 turned clockwise", "top-left corner"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("output lacks %q:\n%s", want, out.String())
			}
		}
	})
	t.Run("Legend of all pairs", func(t *testing.T) {
		code, out, _ := runCmd(t, testRegistry(), "solve", "outofmine", "--all")
		for _, want := range []string{"EXACT SIDES how many of the 20 board sides", "EXACT CARDS how many of the 40 cards", "WORST EMPTY the most empty spaces"} {
			if code != 0 || !strings.Contains(out, want) {
				t.Errorf("exit %d, output lacks %q", code, want)
			}
		}
		if strings.Contains(out, "'#' an empty gallery space") {
			t.Errorf("the legend explains a drawing that --all does not print")
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
		if strings.Contains(out.String(), "Legend") {
			t.Errorf("JSON output carries the legend")
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
	t.Run("ErrIDs", func(t *testing.T) {
		// 0 is refused as a negative id is, with the same message.
		for _, tc := range []struct {
			args []string
			want string
		}{
			{[]string{"--board", "0"}, "--board must be a board id from 1 to 10, not 0"},
			{[]string{"--board", "-2"}, "--board must be a board id from 1 to 10, not -2"},
			{[]string{"--board", "1", "--card", "0"}, "--card must be a card id from 1 to 40, not 0 (leave it out for every card)"},
			{[]string{"--board", "1", "--card", "-1"}, "--card must be a card id from 1 to 40, not -1"},
			{[]string{"--all", "--card", "0"}, "--card must be a card id from 1 to 40, not 0"},
		} {
			code, out, errOut := runCmd(t, testRegistry(), append([]string{"solve", "outofmine"}, tc.args...)...)
			if code != 2 || !strings.Contains(errOut, tc.want) || out != "" {
				t.Errorf("solve %v: got %d %q %q; want a usage error saying %q", tc.args, code, out, errOut, tc.want)
			}
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
