package web

import (
	"encoding/json"
	"testing"
)

// TestTF22DataTable checks the card table the TF22 renderer reads: every
// mine card with both sides' tunnels, and the symbol of every symbol card.
func TestTF22DataTable(t *testing.T) {
	b, err := tf22Data()
	if err != nil {
		t.Fatalf("tf22Data: %v", err)
	}
	var d struct {
		Symbols []string `json:"symbols"`
		Cards   []struct {
			ID     string `json:"id"`
			Symbol string `json:"symbol"`
			Front  struct {
				Tunnels map[string]string `json:"tunnels"`
			} `json:"front"`
			Back struct {
				Tunnels map[string]string `json:"tunnels"`
			} `json:"back"`
			Reconstructed bool `json:"reconstructed"`
		} `json:"cards"`
		SymbolCards []struct {
			Color  string `json:"color"`
			Value  int    `json:"value"`
			Symbol string `json:"symbol"`
		} `json:"symbol_cards"`
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatalf("the table does not decode: %v", err)
	}
	if len(d.Cards) != 36 {
		t.Errorf("cards: got %d; want 36", len(d.Cards))
	}
	if len(d.SymbolCards) != 20 {
		t.Errorf("symbol cards: got %d; want 20", len(d.SymbolCards))
	}
	if len(d.Symbols) != 5 {
		t.Errorf("symbols: got %d; want 5", len(d.Symbols))
	}
	for _, c := range d.Cards {
		if len(c.Front.Tunnels) == 0 || len(c.Back.Tunnels) == 0 {
			t.Errorf("card %s: front %v, back %v; want tunnels on both sides", c.ID, c.Front.Tunnels, c.Back.Tunnels)
		}
		if !c.Reconstructed {
			t.Errorf("card %s: want it marked as reconstructed", c.ID)
		}
	}
	h := Handler()
	if a := h.(site)["data/tf22.json"]; a == nil || string(a.body) != string(b) {
		t.Errorf("the site does not serve the table at /assets/data/tf22.json")
	}
}
