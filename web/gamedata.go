package web

import (
	"encoding/json"

	"minehall/games/minerals"
)

// The Minerals view names collection cards by id only; the renderer needs
// what each card asks for and is worth. mineralsCards is that table, taken
// from the game's own component pack so that it never drifts from the
// rules, and served as /assets/data/minerals.json.

// cardInfo is one collection card as the Minerals renderer reads it.
type cardInfo struct {
	ID            string         `json:"id"`
	Deck          string         `json:"deck"`
	Minerals      map[string]int `json:"minerals"`
	Points        int            `json:"points"`
	ReducedPoints int            `json:"reduced_points,omitempty"`
	Reconstructed bool           `json:"reconstructed"`
}

// mineralsData returns the JSON of the Minerals card table.
func mineralsData() ([]byte, error) {
	pack := minerals.DefaultPack()
	cards := make([]cardInfo, 0, len(pack.Cards))
	for _, c := range pack.Cards {
		ci := cardInfo{ID: c.ID, Deck: c.Deck, Minerals: map[string]int{}, Points: c.Points, ReducedPoints: c.ReducedPoints, Reconstructed: c.Reconstructed}
		for m, n := range c.Minerals {
			if n > 0 {
				ci.Minerals[minerals.Mineral(m).String()] = int(n)
			}
		}
		cards = append(cards, ci)
	}
	return json.Marshal(map[string]any{"cards": cards})
}

// addGameData adds the generated data files to the site.
func (s site) addGameData() error {
	for name, data := range map[string]func() ([]byte, error){"data/minerals.json": mineralsData} {
		b, err := data()
		if err != nil {
			return err
		}
		s[name] = newAsset(name, b, contentType(name))
	}
	return nil
}
