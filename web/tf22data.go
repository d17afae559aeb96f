package web

import (
	"encoding/json"

	"minehall/games/tf22"
)

// The TF22 Mine view shows each card's visible tunnels by card id, side and
// half turn, but not the faint tunnels of its back that every printed card
// shows; and it names a symbol card by its value only. tf22Data is the
// table the renderer needs for both, taken from the game's own component
// pack so that it never drifts from the rules, and served as
// /assets/data/tf22.json.

// tf22Side is one side of a mine card: exit letters (N, E, S, W) per
// tunnel color, as the side lies face up and unturned.
type tf22Side struct {
	Tunnels map[string]string `json:"tunnels"`
}

// tf22Card is one double-sided mine card.
type tf22Card struct {
	ID            string   `json:"id"`
	Symbol        string   `json:"symbol,omitempty"`
	Front         tf22Side `json:"front"`
	Back          tf22Side `json:"back"`
	Reconstructed bool     `json:"reconstructed"`
}

// tf22SymbolCard is one symbol card: a player color's value and the symbol
// it shows.
type tf22SymbolCard struct {
	Color  string `json:"color"`
	Value  int    `json:"value"`
	Symbol string `json:"symbol"`
}

// tf22Data returns the JSON of the TF22 Mine card table.
func tf22Data() ([]byte, error) {
	pack := tf22.DefaultPack()
	cards := make([]tf22Card, 0, len(pack.Cards))
	for _, c := range pack.Cards {
		cards = append(cards, tf22Card{ID: c.ID, Symbol: c.Symbol, Front: tf22Side{Tunnels: c.Front.Tunnels},
			Back: tf22Side{Tunnels: c.Back.Tunnels}, Reconstructed: c.Reconstructed})
	}
	symbols := make([]tf22SymbolCard, 0, len(pack.SymbolCards))
	for _, sc := range pack.SymbolCards {
		symbols = append(symbols, tf22SymbolCard{Color: sc.Color, Value: sc.Value, Symbol: sc.Symbol})
	}
	return json.Marshal(map[string]any{"symbols": pack.Symbols, "cards": cards, "symbol_cards": symbols})
}
