package tutorial

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"minehall/game"
)

func TestPeek(t *testing.T) {
	g, _ := registry().Lookup(os.Getenv("G"))
	s, _, _ := game.Start(g, 2, nil, 1)
	for _, m := range strings.Split(os.Getenv("M"), ";") {
		parts := strings.SplitN(m, ":", 2)
		p, _ := game.ParsePlayer(parts[0])
		if _, err := game.PlayNotation(s, p, parts[1]); err != nil {
			t.Fatal(m, err)
		}
	}
	b, _ := json.Marshal(s.View(0))
	t.Log(string(b))
	var ls []string
	for _, a := range s.Legal(s.Actors(nil)[0], nil) { ls = append(ls, s.ActionString(s.Actors(nil)[0], a)) }
	t.Log(s.Actors(nil), ls)
}
