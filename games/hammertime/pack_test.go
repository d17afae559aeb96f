package hammertime

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDefaultPack(t *testing.T) {
	p := DefaultPack()
	if got := len(p.Wagons); got != 16 {
		t.Errorf("wagons: got %d; want 16", got)
	}
	if got := len(p.Missions); got != 9 {
		t.Errorf("missions: got %d; want 9", got)
	}
	for _, w := range p.Wagons {
		if len(w.Slots) < 4 || len(w.Slots) > 6 || !w.Reconstructed {
			t.Errorf("wagon %s: %d slots, reconstructed %v; want 4 to 6, true", w.ID, len(w.Slots), w.Reconstructed)
		}
	}
	// The rulebook's example wagon: yellow, green, blue and red.
	if got := p.Wagons[0].Slots; strings.Join(got, ",") != "blue,green,yellow,red" {
		t.Errorf("orange-1 slots %v; want the rulebook's four colors", got)
	}
	var colors [numColors]int
	for g := 0; g < NumGems; g++ {
		colors[GemColor(g)]++
	}
	if colors != [numColors]int{10, 16, 16, 16, 16, 16} {
		t.Errorf("gem colors %v; want 10 white and 16 of each other color", colors)
	}
}

// mutate returns the default pack's JSON changed by f.
func mutate(t *testing.T, f func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(defaultPackJSON, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestLoadPackErrors(t *testing.T) {
	wagon := func(m map[string]any, i int) map[string]any { return m["wagons"].([]any)[i].(map[string]any) }
	mission := func(m map[string]any, i int) map[string]any { return m["missions"].([]any)[i].(map[string]any) }
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"not JSON", []byte("{"), "not valid JSON"},
		{"unknown field", mutate(t, func(m map[string]any) { m["dragon"] = 1 }), "unknown field"},
		{"three slots", mutate(t, func(m map[string]any) { wagon(m, 2)["slots"] = []any{"red", "red", "red"} }), "wagons[2] (orange-3).slots: 3 slots"},
		{"bad color", mutate(t, func(m map[string]any) { wagon(m, 1)["slots"].([]any)[0] = "purple" }), `wagons[1] (orange-2).slots[0]: "purple" is not a gem color`},
		{"white slot", mutate(t, func(m map[string]any) { wagon(m, 1)["slots"].([]any)[0] = "white" }), "wagons[1] (orange-2).slots[0]: white is not a slot color"},
		{"duplicate id", mutate(t, func(m map[string]any) { wagon(m, 5)["id"] = "orange-1" }), `wagons[5] (orange-1): id "orange-1" is already used`},
		{"five of one owner", mutate(t, func(m map[string]any) { wagon(m, 4)["owner"] = "orange" }), "wagons of orange: 5 cards"},
		{"unequal totals", mutate(t, func(m map[string]any) { wagon(m, 4)["slots"] = []any{"red", "red", "red", "red", "red"} }), "slots in all"},
		{"bad kind", mutate(t, func(m map[string]any) { mission(m, 3)["kind"] = "purple" }), `missions[3] (mission-4).kind: "purple"`},
		{"eight missions", mutate(t, func(m map[string]any) { m["missions"] = m["missions"].([]any)[:8] }), "missions: 8 cards; want 9"},
		{"tiny tray", mutate(t, func(m map[string]any) { m["tray"].(map[string]any)["width_cm"] = 5.0 }), "tray.width_cm: 5"},
		{"no friction", mutate(t, func(m map[string]any) { m["tray"].(map[string]any)["friction"] = 0.0 }), "tray.friction: 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadPack(tt.data)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestNewWithPack(t *testing.T) {
	p, err := LoadPack(defaultPackJSON)
	if err != nil {
		t.Fatal(err)
	}
	g := NewWithPack(p)
	if got := g.(*Game).Pack().Owners(); len(got) != 4 {
		t.Errorf("owners %v; want 4", got)
	}
}
