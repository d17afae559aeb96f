package main

import "testing"

// Bad arguments to `minehall puzzles mine` are usage errors (exit 2). (The
// set it writes: puzzles_mine_norace_test.go.)
func TestPuzzlesMineCommand(t *testing.T) {
	for _, args := range [][]string{
		{"puzzles", "mine", "outofmine"},
		{"puzzles", "mine", "minerals", "--games", "0"},
		{"puzzles", "mine", "minerals", "--workers", "0"},
		{"puzzles", "mine"},
	} {
		if code, _, errOut := runCmd(t, testRegistry(), args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, %q; want a usage error, exit 2", args, code, errOut)
		}
	}
}
