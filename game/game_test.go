package game

import (
	"strings"
	"testing"
	"testing/fstest"
)

func testSpec() Spec {
	return Spec{
		ID: "t", Title: "Test", MinPlayers: 2, MaxPlayers: 4,
		Options: []OptionSpec{
			{Key: "variant", Kind: OptionChoice, Default: "basic", Choices: []string{"basic", "full"}},
			{Key: "rounds", Kind: OptionInt, Default: "7", Min: 1, Max: 9},
			{Key: "assist", Kind: OptionBool, Default: "false"},
		},
	}
}

func TestResolveOptions(t *testing.T) {
	spec := testSpec()
	t.Run("OK defaults", func(t *testing.T) {
		o, err := spec.ResolveOptions(nil)
		if err != nil {
			t.Fatal(err)
		}
		if o["variant"] != "basic" || o.Int("rounds") != 7 || o.Bool("assist") {
			t.Fatalf("got %v; want the defaults", o)
		}
	})
	t.Run("OK override", func(t *testing.T) {
		o, err := spec.ResolveOptions(Options{"rounds": "3", "assist": "true"})
		if err != nil {
			t.Fatal(err)
		}
		if o.Int("rounds") != 3 || !o.Bool("assist") || o["variant"] != "basic" {
			t.Fatalf("got %v", o)
		}
	})
	t.Run("ErrEveryBadOptionNamed", func(t *testing.T) {
		_, err := spec.ResolveOptions(Options{"rounds": "12", "variant": "extreme", "assist": "yes", "colour": "red"})
		if ErrorCode(err) != CodeInvalid {
			t.Fatalf("code %q; want invalid", ErrorCode(err))
		}
		for _, want := range []string{"option rounds: 12 is outside 1 to 9", `option variant: "extreme" is not one of basic, full`, `option assist: "yes" is not true or false`, "option colour: Test has no such option"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not contain %q", err, want)
			}
		}
	})
}

func TestParseOptions(t *testing.T) {
	o, err := ParseOptions([]string{"a=1", "b=x=y"})
	if err != nil || o["a"] != "1" || o["b"] != "x=y" {
		t.Fatalf("got %v, %v", o, err)
	}
	if _, err := ParseOptions([]string{"novalue", "=3"}); err == nil || !strings.Contains(err.Error(), `"novalue"`) || !strings.Contains(err.Error(), `"=3"`) {
		t.Fatalf("got %v; want both malformed options named", err)
	}
}

func TestCheckPlayers(t *testing.T) {
	spec := testSpec()
	for n, ok := range map[int]bool{1: false, 2: true, 4: true, 5: false} {
		if err := spec.CheckPlayers(n); (err == nil) != ok {
			t.Errorf("CheckPlayers(%d) = %v; want ok=%v", n, err, ok)
		}
	}
}

func TestRegistry(t *testing.T) {
	var r Registry
	if _, err := r.Lookup("x"); ErrorCode(err) != CodeNotFound || !strings.Contains(err.Error(), "known: none") {
		t.Fatalf("got %v", err)
	}
}

func TestRandDeterministic(t *testing.T) {
	a, b := NewRand(42), NewRand(42)
	for i := 0; i < 100; i++ {
		if a.Uint64() != b.Uint64() {
			t.Fatal("same seed gave different streams")
		}
	}
	c := NewRand(43)
	if a.Uint64() == c.Uint64() {
		t.Fatal("different seeds gave the same value")
	}
	// A copy continues the same stream independently.
	d := a
	if a.Uint64() != d.Uint64() {
		t.Fatal("copy diverged")
	}
}

func TestRandIntNUniform(t *testing.T) {
	r := NewRand(1)
	var counts [6]int
	const n = 60000
	for i := 0; i < n; i++ {
		counts[r.IntN(6)]++
	}
	for v, c := range counts {
		if c < n/6-500 || c > n/6+500 {
			t.Errorf("value %d drawn %d times of %d; want about %d", v, c, n, n/6)
		}
	}
}

func TestRankReturns(t *testing.T) {
	tests := []struct {
		scores, want []float64
	}{
		{[]float64{3, 5, 1}, []float64{0, 1, 0}},
		{[]float64{5, 5, 1, 0}, []float64{0.5, 0.5, 0, 0}},
		{[]float64{2, 2}, []float64{0.5, 0.5}},
	}
	for _, tt := range tests {
		got := RankReturns(tt.scores, nil)
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("RankReturns(%v) = %v; want %v", tt.scores, got, tt.want)
				break
			}
		}
	}
}

func TestPlayer(t *testing.T) {
	for _, p := range []Player{Chance, System, Spectator, 0, 3} {
		q, err := ParsePlayer(p.String())
		if err != nil || q != p {
			t.Errorf("ParsePlayer(%q) = %v, %v; want %v", p.String(), q, err, p)
		}
	}
	if _, err := ParsePlayer("-5"); err == nil {
		t.Error("ParsePlayer(-5) accepted")
	}
}

func TestPickOutcome(t *testing.T) {
	outs := []ChanceOutcome{{Action: 2, Probability: 0.5}, {Action: 5, Probability: 0.25}, {Action: 9, Probability: 0.25}}
	for _, tt := range []struct {
		u    float64
		want Action
	}{{0, 2}, {0.49, 2}, {0.5, 5}, {0.74, 5}, {0.75, 9}, {0.999999, 9}} {
		if got := PickOutcome(outs, tt.u); got != tt.want {
			t.Errorf("PickOutcome(%v) = %d; want %d", tt.u, got, tt.want)
		}
	}
}

func TestReadRulesText(t *testing.T) {
	fsys := fstest.MapFS{
		"rules/en.md": {Data: []byte("# Rules")}, "rules/de.md": {Data: []byte("# Regeln")},
		"rules/fr.md": {Data: []byte("# Règles")}, "rules/nl.md": {Data: []byte("# Regels")},
	}
	r, err := ReadRulesText(fsys, "rules")
	if err != nil {
		t.Fatal(err)
	}
	if text, ok := r.Rules("fr"); !ok || text != "# Règles" {
		t.Errorf("Rules(fr) = %q, %v; want the French text", text, ok)
	}
	if text, ok := r.Rules("it"); ok || text != "# Rules" {
		t.Errorf("Rules(it) = %q, %v; want English with ok false", text, ok)
	}
	delete(fsys, "rules/nl.md")
	if _, err := ReadRulesText(fsys, "rules"); err == nil || !strings.Contains(err.Error(), "nl.md") {
		t.Errorf("a missing translation: got %v; want an error naming nl.md", err)
	}
}
