package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

func testRegistry() *game.Registry {
	var reg game.Registry
	reg.Register(gametest.ConnectFour())
	reg.Register(gametest.Goofspiel())
	return &reg
}

// runCmd runs the command line and returns exit status, stdout and stderr.
func runCmd(t *testing.T, reg *game.Registry, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), reg, args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestGames(t *testing.T) {
	t.Run("OK empty JSON", func(t *testing.T) {
		code, out, _ := runCmd(t, &game.Registry{}, "games", "--json")
		if code != 0 || strings.TrimSpace(out) != "[]" {
			t.Fatalf("got %d %q; want 0 and []", code, out)
		}
	})
	t.Run("OK JSON", func(t *testing.T) {
		code, out, _ := runCmd(t, testRegistry(), "games", "--json")
		if code != 0 {
			t.Fatalf("exit %d", code)
		}
		var games []struct {
			ID         string `json:"id"`
			Title      string `json:"title"`
			MinPlayers int    `json:"min_players"`
			MaxPlayers int    `json:"max_players"`
			Options    []struct {
				Key     string `json:"key"`
				Default string `json:"default"`
			} `json:"options"`
		}
		if err := json.Unmarshal([]byte(out), &games); err != nil {
			t.Fatal(err)
		}
		if len(games) != 2 || games[0].ID != "connectfour" || games[1].ID != "goofspiel" || games[1].MaxPlayers != 4 {
			t.Fatalf("got %+v", games)
		}
		if o := games[1].Options; len(o) != 2 || o[0].Key != "cards" || o[0].Default != "5" {
			t.Fatalf("goofspiel options %+v; want cards=5 first", o)
		}
	})
	t.Run("OK table", func(t *testing.T) {
		code, out, _ := runCmd(t, testRegistry(), "games")
		if code != 0 || !strings.Contains(out, "goofspiel") || !strings.Contains(out, "cards=5 timer=30") {
			t.Fatalf("got %d %q", code, out)
		}
	})
	t.Run("ErrArgs", func(t *testing.T) {
		if code, _, errOut := runCmd(t, testRegistry(), "games", "extra"); code != 2 || !strings.Contains(errOut, "no arguments") {
			t.Fatalf("got %d %q; want 2 and a usage message", code, errOut)
		}
	})
}

func writeRecord(t *testing.T, mutate func(m map[string]any)) string {
	t.Helper()
	rec, _, err := gametest.RandomGame(gametest.Goofspiel(), 3, nil, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(rec)
	if mutate != nil {
		var m map[string]any
		json.Unmarshal(b, &m)
		mutate(m)
		b, _ = json.Marshal(m)
	}
	path := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReplay(t *testing.T) {
	reg := testRegistry()
	good := writeRecord(t, nil)
	t.Run("OK check", func(t *testing.T) {
		code, out, errOut := runCmd(t, reg, "replay", good, "--check")
		if code != 0 || !strings.HasPrefix(out, "ok: goofspiel, 3 players") || !strings.Contains(out, "finished") {
			t.Fatalf("got %d %q %q", code, out, errOut)
		}
	})
	t.Run("OK listing", func(t *testing.T) {
		code, out, _ := runCmd(t, reg, "replay", good)
		if code != 0 || !strings.Contains(out, "bid ") || !strings.Contains(out, "result: scores") {
			t.Fatalf("got %d %q", code, out)
		}
	})
	tests := []struct {
		name string
		path string
		code int
		want string
	}{
		{"ErrHash", writeRecord(t, func(m map[string]any) { m["hash"] = "00" }), 1, "hash"},
		{"ErrMove", writeRecord(t, func(m map[string]any) {
			m["actions"].([]any)[4].(map[string]any)["move"] = "bid 99"
		}), 1, "action 4"},
		{"ErrUnknownGame", writeRecord(t, func(m map[string]any) { m["game"] = "chess" }), 1, `unknown game "chess"`},
		{"ErrMissingFile", filepath.Join(t.TempDir(), "none.json"), 1, "no such file"},
		{"ErrNotJSON", func() string {
			p := filepath.Join(t.TempDir(), "x.json")
			os.WriteFile(p, []byte("{\"version\": 1,\n\"game\": }"), 0o644)
			return p
		}(), 1, "not valid JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := runCmd(t, reg, "replay", tt.path, "--check")
			if code != tt.code || !strings.Contains(errOut, tt.want) {
				t.Fatalf("got %d %q; want %d and %q", code, errOut, tt.code, tt.want)
			}
		})
	}
	t.Run("ErrUsage", func(t *testing.T) {
		if code, _, _ := runCmd(t, reg, "replay"); code != 2 {
			t.Fatalf("got %d; want 2", code)
		}
		if code, _, _ := runCmd(t, reg, "replay", good, "--verify"); code != 2 {
			t.Fatalf("got %d; want 2", code)
		}
	})
}

func TestVersionAndUnknownCommand(t *testing.T) {
	code, out, _ := runCmd(t, testRegistry(), "version")
	if code != 0 || !strings.HasPrefix(out, "minehall ") {
		t.Fatalf("got %d %q", code, out)
	}
	code, _, errOut := runCmd(t, testRegistry(), "dig")
	if code != 2 || !strings.Contains(errOut, `unknown command "dig"`) {
		t.Fatalf("got %d %q; want 2 and unknown command", code, errOut)
	}
}
