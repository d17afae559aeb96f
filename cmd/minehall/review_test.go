package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minehall/ai"
	"minehall/review"
	"minehall/review/reviewtest"
)

// writeMineralsRecord writes a record of a bot game of Minerals, changed
// by mutate if it is not nil, and returns its path.
func writeMineralsRecord(t *testing.T, mutate func(m map[string]any)) string {
	t.Helper()
	reg := registry()
	g, err := reg.Lookup("minerals")
	if err != nil {
		t.Fatal(err)
	}
	rec := reviewtest.BotRecord(t, g, nil, []string{"greedy", "greedy"}, 8)
	b, _ := json.Marshal(rec)
	if mutate != nil {
		var m map[string]any
		json.Unmarshal(b, &m)
		mutate(m)
		b, _ = json.Marshal(m)
	}
	path := filepath.Join(t.TempDir(), "minerals.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReviewCommand(t *testing.T) {
	good := writeMineralsRecord(t, nil)
	t.Run("OK", func(t *testing.T) {
		code, out, errOut := runCmd(t, registry(), "review", good, "--budget", "20", "--seed", "4")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var res review.Result
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("output is no review: %v\n%s", err, out)
		}
		if res.Status != "done" || res.Game != "minerals" || res.Scale != "win" || len(res.Moves) == 0 || len(res.Players) != 2 {
			t.Errorf("got status %q, game %q, scale %q, %d moves, %d players; want a done Minerals review of 2 players on the win scale",
				res.Status, res.Game, res.Scale, len(res.Moves), len(res.Players))
		}
		_, again, _ := runCmd(t, registry(), "review", good, "--budget", "20", "--seed", "4")
		if again != out {
			t.Errorf("the same review twice differs")
		}
	})
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"ErrBudgetZero", []string{"review", good, "--budget", "0"}, 2, "--budget must be at least 1"},
		{"ErrBudgetWord", []string{"review", good, "--budget", "many"}, 2, `--budget takes a whole number, not "many"`},
		{"ErrNoFile", []string{"review"}, 2, "one record file"},
		{"ErrMissingFile", []string{"review", filepath.Join(t.TempDir(), "none.json")}, 1, "there is no record file"},
		{"ErrFolder", []string{"review", t.TempDir()}, 1, "is a folder, not a record file"},
		{"ErrEmptyFile", []string{"review", emptyFile(t)}, 1, "record is not valid JSON: the file is empty"},
		{"ErrMove", []string{"review", writeMineralsRecord(t, func(m map[string]any) {
			m["actions"].([]any)[3].(map[string]any)["move"] = "move z99"
		})}, 1, "action 3"},
		{"ErrUnknownGame", []string{"review", writeMineralsRecord(t, func(m map[string]any) { m["game"] = "chess" })}, 1, `unknown game "chess"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCmd(t, registry(), tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Fatalf("got exit %d, %q; want %d and a message with %q", code, errOut, tc.code, tc.want)
			}
		})
	}
	t.Run("ErrNoJudge", func(t *testing.T) {
		code, _, errOut := runCmd(t, testRegistry(), "review", writeRecord(t, nil))
		if code != 1 || !strings.Contains(errOut, "no judge") {
			t.Fatalf("got exit %d, %q; want 1 and a message saying the game has no judge", code, errOut)
		}
	})
}

// TestEngineReviewer checks the review engine as the server's Reviewer:
// a table's record becomes the review's JSON, the same twice; a record
// that is no record, or of a game this binary does not have, is an error;
// and serve refuses a --review-workers out of range.
func TestEngineReviewer(t *testing.T) {
	record, err := os.ReadFile(writeMineralsRecord(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	r := engineReviewer(registry(), ai.Budget{Iterations: 20})
	out, err := r.Review(context.Background(), record)
	if err != nil {
		t.Fatalf("Review: %v", err)
	}
	var res review.Result
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("the review is no review's JSON: %v", err)
	}
	if res.Status != "done" || res.Game != "minerals" || len(res.Moves) == 0 || len(res.Players) != 2 || len(res.Series) == 0 {
		t.Errorf("got status %q, game %q, %d moves, %d players, %d points of the series; want a done Minerals review",
			res.Status, res.Game, len(res.Moves), len(res.Players), len(res.Series))
	}
	if again, _ := r.Review(context.Background(), record); string(again) != string(out) {
		t.Errorf("the same record reviewed twice gives two reviews")
	}
	for name, bad := range map[string][]byte{
		"not JSON":     []byte("{"),
		"unknown game": []byte(strings.Replace(string(record), `"game":"minerals"`, `"game":"chess"`, 1)),
	} {
		if _, err := r.Review(context.Background(), bad); err == nil {
			t.Errorf("a record that is %s: no error", name)
		}
	}
	for _, n := range []string{"-1", "17"} {
		code, _, errOut := runCmd(t, testRegistry(), "serve", "--addr", "127.0.0.1:0", "--review-workers", n)
		if code != 1 || !strings.Contains(errOut, "--review-workers") {
			t.Errorf("serve --review-workers %s: exit %d, %q; want 1 and a message naming the flag", n, code, errOut)
		}
	}
}

// emptyFile returns the path of an empty file.
func emptyFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "empty.json")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
