package store_test

import (
	"testing"

	"minehall/store"
)

// A tournament's game has ended once it has ranks or an outcome: an
// aborted game has no ranks, yet a Swiss round waits for it no longer.
func TestTournamentGameEnded(t *testing.T) {
	tests := []struct {
		name string
		g    store.TournamentGame
		want bool
	}{
		{"under way", store.TournamentGame{Players: []string{"a", "b"}}, false},
		{"played", store.TournamentGame{Players: []string{"a", "b"}, Ranks: []int{2, 1}}, true},
		{"a bye", store.TournamentGame{Players: []string{"a"}, Ranks: []int{1}, Outcome: store.OutcomeBye}, true},
		{"forfeit", store.TournamentGame{Players: []string{"a", "b"}, Ranks: []int{1, 2}, Outcome: store.OutcomeForfeit}, true},
		{"aborted", store.TournamentGame{Players: []string{"a", "b"}, Outcome: store.OutcomeAborted}, true},
	}
	for _, tt := range tests {
		if got := tt.g.Ended(); got != tt.want {
			t.Errorf("%s: Ended() = %v; want %v", tt.name, got, tt.want)
		}
	}
}
