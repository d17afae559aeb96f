package sim

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"minehall/game"
)

// ComponentRound is one seat's scored round, with the components that seat
// played it with.
type ComponentRound struct {
	Seat       int               `json:"seat"`
	Round      int               `json:"round"` // 0-based
	Components map[string]string `json:"components"`
	Score      float64           `json:"score"`
}

// Component kinds read from round results.
const (
	KindCard      = "card"
	KindBoardSide = "board side"
)

// roundResults is the round-results convention of a spectator view: a
// top-level "results" list with one list per round of one object per seat.
type roundResults struct {
	Results [][]map[string]json.RawMessage `json:"results"`
}

// RoundComponents reads the scored rounds of s from its spectator view, for
// games whose view follows the round-results convention: a top-level
// "results" list holding one list per round of one object per seat, each
// object naming the components of that seat's round ("card"; "board" with
// "side") and its points ("score": a number, or an object whose "score" is
// the number). Out of Mine's view does. Other games give nil.
func RoundComponents(s game.State) []ComponentRound {
	b, err := json.Marshal(s.View(game.Spectator))
	if err != nil {
		return nil
	}
	var rr roundResults
	if json.Unmarshal(b, &rr) != nil {
		return nil
	}
	var out []ComponentRound
	for r, seats := range rr.Results {
		for p, obj := range seats {
			score, ok := scoreOf(obj["score"])
			if !ok {
				continue
			}
			comps := map[string]string{}
			if v, ok := scalar(obj["card"]); ok {
				comps[KindCard] = v
			}
			board, okb := scalar(obj["board"])
			side, oks := scalar(obj["side"])
			if okb && oks {
				comps[KindBoardSide] = board + side
			}
			if len(comps) > 0 {
				out = append(out, ComponentRound{Seat: p, Round: r, Components: comps, Score: score})
			}
		}
	}
	return out
}

func scoreOf(raw json.RawMessage) (float64, bool) {
	var v float64
	if json.Unmarshal(raw, &v) == nil && raw != nil {
		return v, true
	}
	var obj struct {
		Score *float64 `json:"score"`
	}
	if json.Unmarshal(raw, &obj) == nil && obj.Score != nil {
		return *obj.Score, true
	}
	return 0, false
}

func scalar(raw json.RawMessage) (string, bool) {
	if raw == nil {
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, s != ""
	}
	var f float64
	if json.Unmarshal(raw, &f) == nil {
		return fmt.Sprint(f), true
	}
	return "", false
}

// ComponentSpread is how the round scores differ between the components of
// one kind (every card, or every board side).
type ComponentSpread struct {
	Kind   string           `json:"kind"`
	Values []ComponentValue `json:"values"` // from the lowest mean score (hardest) up
	// SpreadOfMeans is the highest mean round score minus the lowest.
	SpreadOfMeans float64 `json:"spread_of_means"`
	// SDOfMeans is the standard deviation of the components' mean scores.
	SDOfMeans float64 `json:"sd_of_means"`
}

// ComponentValue is the round scores obtained with one component.
type ComponentValue struct {
	Value string `json:"value"`
	Dist
}

// Spreads groups rounds by component kind and value. Kinds are in
// alphabetical order; values from the lowest mean score up, ties by name.
func Spreads(rounds []ComponentRound) []ComponentSpread {
	byKind := map[string]map[string][]float64{}
	for _, r := range rounds {
		for k, v := range r.Components {
			if byKind[k] == nil {
				byKind[k] = map[string][]float64{}
			}
			byKind[k][v] = append(byKind[k][v], r.Score)
		}
	}
	var out []ComponentSpread
	for _, k := range slices.Sorted(maps.Keys(byKind)) {
		sp := ComponentSpread{Kind: k}
		for _, v := range slices.Sorted(maps.Keys(byKind[k])) {
			sp.Values = append(sp.Values, ComponentValue{Value: v, Dist: Describe(byKind[k][v])})
		}
		sortValues(sp.Values)
		// The means are summed in the values' final order, never a map's,
		// so that the same rounds give the same bits.
		means := make([]float64, len(sp.Values))
		for i, cv := range sp.Values {
			means[i] = cv.Mean
		}
		md := Describe(means)
		sp.SpreadOfMeans, sp.SDOfMeans = md.Max-md.Min, md.SD
		out = append(out, sp)
	}
	return out
}

// sortValues orders values from the lowest mean up, ties by name.
func sortValues(vs []ComponentValue) {
	slices.SortFunc(vs, func(a, b ComponentValue) int {
		return cmp.Or(cmp.Compare(a.Mean, b.Mean), naturalCompare(a.Value, b.Value))
	})
}

// naturalCompare orders "2" before "10" and "2A" before "10A".
func naturalCompare(a, b string) int {
	da, db := len(a)-len(strings.TrimLeft(a, "0123456789")), len(b)-len(strings.TrimLeft(b, "0123456789"))
	if da != db && da > 0 && db > 0 {
		return cmp.Compare(da, db)
	}
	return strings.Compare(a, b)
}
