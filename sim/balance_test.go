package sim

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

func TestBalanceReport(t *testing.T) {
	cfg := BalanceConfig{Games: []game.Game{gametest.ConnectFour(), gametest.Goofspiel()}, GamesPerCount: 40, Bot: "greedy", Seed: 1,
		Command: "minehall sim --report docs/balance.md --games 40 --bots greedy --seed 1"}
	sums, err := Balance(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Connect Four at 2 players, Goofspiel at 2, 3 and 4.
	if len(sums) != 4 || sums[0].Game != "connectfour" || sums[3].Players != 4 {
		t.Fatalf("got %d summaries; want Connect Four 2 and Goofspiel 2 to 4", len(sums))
	}
	var buf bytes.Buffer
	if err := WriteBalance(&buf, cfg, sums); err != nil {
		t.Fatal(err)
	}
	doc := buf.String()
	for _, want := range []string{
		"# Balance report",
		"```\nminehall sim --report docs/balance.md --games 40 --bots greedy --seed 1\n```",
		"## First-player advantage",
		"| Connect Four | 2 | 40 | 0 |",
		"| Goofspiel | 4 | 40 | 0 |",
		"## Goofspiel",
		"options: cards=5 timer=30",
		"| players | seat 1 | seat 2 | seat 3 | seat 4 |",
		"## Seat balance\n\n- Connect Four. ",
		"\nSeat balance. At no player count",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("report lacks %q:\n%s", want, doc)
		}
	}
	// The same config gives the same report with other workers.
	cfg.Workers = 1
	sums1, err := Balance(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var buf1 bytes.Buffer
	WriteBalance(&buf1, cfg, sums1)
	if buf1.String() != doc {
		t.Fatalf("report differs with 1 worker:\n%s\nwant:\n%s", buf1.String(), doc)
	}
}

func TestSeatVerdict(t *testing.T) {
	fair := &Summary{Players: 2, WinsBySeat: []Rate{Wilson(50, 100), Wilson(50, 100)}, SeatBalanceP: 1}
	_, p := ChiSquareUniform([]float64{80, 20})
	unfair := &Summary{Players: 2, WinsBySeat: []Rate{Wilson(80, 100), Wilson(20, 100)}, SeatBalanceP: p}
	if got := seatVerdict([]*Summary{fair}); !strings.Contains(got, "At no player count does any seat win significantly more often") {
		t.Errorf("fair: got %q", got)
	}
	if got, want := seatVerdict([]*Summary{fair, unfair}), "with 2 players seat 1 wins 80.0% [71.1, 86.7] against a fair 50.0% (p < 0.001)"; !strings.Contains(got, want) {
		t.Errorf("unfair: got %q; want it to contain %q", got, want)
	}
}

func TestBalanceNoGames(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteBalance(&buf, BalanceConfig{Command: "minehall sim --report x.md"}, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "No games are registered.") {
		t.Fatalf("got %q", buf.String())
	}
}
