package storetest

import (
	"context"
	"reflect"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
)

// RunTournaments runs the suite of [store.Tournaments] against the stores
// open returns; each must have a Tournaments method.
func RunTournaments(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(*testing.T, store.Tournaments)
	}{
		{"CreateAndRead", testTournamentCreate},
		{"CreateWithEntrants", testTournamentCreateWithEntrants},
		{"ListByStatusPaginated", testTournamentList},
		{"EntrantsJoinOnce", testTournamentEntrants},
		{"BoardMadeOnce", testTournamentBoards},
		{"LeaseAndEpoch", testTournamentLease},
	}
	for _, tc := range tests {
		runOnFreshStore(t, tc.name, open, func(t *testing.T, s store.Store) {
			ts, ok := s.(interface{ Tournaments() store.Tournaments })
			if !ok {
				t.Fatalf("%T does not keep tournaments", s)
			}
			tc.fn(t, ts.Tournaments())
		})
	}
}

var tourneyStart = time.UnixMilli(1_800_000_000_000)

func sampleTournament(id string, starts time.Time) *store.Tournament {
	return &store.Tournament{
		ID: id, Game: "race", Format: store.FormatSwiss, Options: game.Options{"target": "21"},
		TimeControl: &store.TimeControl{MoveS: 15, BankS: 60}, TableSize: 2, Rounds: 3, MinPlayers: 2,
		Starts: starts, Creator: "acc-ann", Status: store.TournamentScheduled, Created: starts.Add(-time.Hour),
	}
}

func testTournamentCreate(t *testing.T, s store.Tournaments) {
	ctx := context.Background()
	want := sampleTournament("t1", tourneyStart)
	want.Duration = 0
	if err := s.CreateTournament(ctx, want); err != nil {
		t.Fatalf("CreateTournament: %v", err)
	}
	got, err := s.Tournament(ctx, "t1")
	if err != nil {
		t.Fatalf("Tournament: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Tournament: got %+v; want %+v", got, want)
	}
	if err := s.CreateTournament(ctx, sampleTournament("t1", tourneyStart)); game.ErrorCode(err) != game.CodeConflict {
		t.Errorf("CreateTournament twice: got %v; want a conflict", err)
	}
	if _, err := s.Tournament(ctx, "nope"); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("Tournament(nope): got %v; want not found", err)
	}
	arena := sampleTournament("t2", tourneyStart)
	arena.Format, arena.Rounds, arena.Duration, arena.TimeControl = store.FormatArena, 0, 30*time.Minute, nil
	if err := s.CreateTournament(ctx, arena); err != nil {
		t.Fatalf("CreateTournament arena: %v", err)
	}
	if got, _ := s.Tournament(ctx, "t2"); got == nil || got.Duration != 30*time.Minute || got.TimeControl != nil {
		t.Errorf("arena read back: got %+v; want a 30 min arena without a time control", got)
	}
}

// A tournament created with its bots holds them from the start; one whose
// entrants are refused is not stored at all.
func testTournamentCreateWithEntrants(t *testing.T, s store.Tournaments) {
	ctx := context.Background()
	easy := store.Entrant{Tournament: "t", ID: store.BotEntrant("easy"), Bot: "easy", Name: "easy", Rating: 1180, Joined: tourneyStart}
	hard := store.Entrant{Tournament: "t", ID: store.BotEntrant("hard"), Bot: "hard", Name: "hard", Joined: tourneyStart.Add(time.Millisecond)}
	if err := s.CreateTournament(ctx, sampleTournament("t", tourneyStart), easy, hard); err != nil {
		t.Fatalf("CreateTournament with two bots: %v", err)
	}
	if es, err := s.Entrants(ctx, "t"); err != nil || !reflect.DeepEqual(es, []store.Entrant{easy, hard}) {
		t.Errorf("Entrants: got %+v, %v; want the two bots", es, err)
	}

	twice := sampleTournament("u", tourneyStart)
	easyU := easy
	easyU.Tournament = "u"
	if err := s.CreateTournament(ctx, twice, easyU, easyU); game.ErrorCode(err) != game.CodeConflict {
		t.Errorf("CreateTournament with one bot twice: got %v; want a conflict", err)
	}
	if _, err := s.Tournament(ctx, "u"); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("the refused tournament: got %v; want not found (nothing stored)", err)
	}
	if err := s.CreateTournament(ctx, sampleTournament("v", tourneyStart), easy); game.ErrorCode(err) != game.CodeInvalid {
		t.Errorf("CreateTournament with another tournament's entrant: got %v; want invalid", err)
	}
	if _, err := s.Tournament(ctx, "v"); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("the tournament with another's entrant: got %v; want not found (nothing stored)", err)
	}
}

func testTournamentList(t *testing.T, s store.Tournaments) {
	ctx := context.Background()
	for i, id := range []string{"a", "b", "c", "d", "e"} {
		tr := sampleTournament(id, tourneyStart.Add(time.Duration(i)*time.Hour))
		if i == 4 {
			tr.Status = store.TournamentFinished
		}
		if err := s.CreateTournament(ctx, tr); err != nil {
			t.Fatalf("CreateTournament %s: %v", id, err)
		}
	}
	ids := func(f store.TournamentFilter) []string {
		ts, err := s.ListTournaments(ctx, f)
		if err != nil {
			t.Fatalf("ListTournaments(%+v): %v", f, err)
		}
		var out []string
		for _, tr := range ts {
			out = append(out, tr.ID)
		}
		return out
	}
	sched := []store.TournamentStatus{store.TournamentScheduled}
	for _, tc := range []struct {
		f    store.TournamentFilter
		want []string
	}{
		{store.TournamentFilter{Status: sched, Limit: 2}, []string{"a", "b"}},
		{store.TournamentFilter{Status: sched, Limit: 2, Offset: 2}, []string{"c", "d"}},
		{store.TournamentFilter{Status: sched, Limit: 2, Offset: 4}, nil},
		{store.TournamentFilter{Status: []store.TournamentStatus{store.TournamentFinished}}, []string{"e"}},
		{store.TournamentFilter{Latest: true, Limit: 3}, []string{"e", "d", "c"}},
	} {
		if got := ids(tc.f); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ListTournaments(%+v): got %v; want %v", tc.f, got, tc.want)
		}
	}
}

func testTournamentEntrants(t *testing.T, s store.Tournaments) {
	ctx := context.Background()
	if err := s.CreateTournament(ctx, sampleTournament("t", tourneyStart)); err != nil {
		t.Fatal(err)
	}
	ann := store.Entrant{Tournament: "t", ID: store.AccountEntrant("acc-ann"), AccountID: "acc-ann", Name: "Ann", Rating: 1512.5, Joined: tourneyStart}
	bot := store.Entrant{Tournament: "t", ID: store.BotEntrant("easy"), Bot: "easy", Name: "Easy bot", Joined: tourneyStart.Add(time.Second)}
	for _, e := range []store.Entrant{ann, bot} {
		if err := s.AddEntrant(ctx, e); err != nil {
			t.Fatalf("AddEntrant %s: %v", e.ID, err)
		}
	}
	if err := s.AddEntrant(ctx, ann); game.ErrorCode(err) != game.CodeConflict {
		t.Errorf("AddEntrant twice: got %v; want a conflict", err)
	}
	at := tourneyStart.Add(time.Minute)
	if err := s.WithdrawEntrant(ctx, "t", ann.ID, "left", at); err != nil {
		t.Fatalf("WithdrawEntrant: %v", err)
	}
	if err := s.WithdrawEntrant(ctx, "t", ann.ID, "absent", at.Add(time.Minute)); err != nil {
		t.Fatalf("WithdrawEntrant again: %v", err)
	}
	if err := s.WithdrawEntrant(ctx, "t", "a:nobody", "left", at); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("WithdrawEntrant of a stranger: got %v; want not found", err)
	}
	es, err := s.Entrants(ctx, "t")
	if err != nil {
		t.Fatalf("Entrants: %v", err)
	}
	ann.Withdrawn, ann.WithdrawReason = at, "left"
	if want := []store.Entrant{ann, bot}; !reflect.DeepEqual(es, want) {
		t.Errorf("Entrants: got %+v; want %+v (the first withdrawal kept)", es, want)
	}
	if err := s.RemoveEntrant(ctx, "t", bot.ID); err != nil {
		t.Fatalf("RemoveEntrant: %v", err)
	}
	if err := s.RemoveEntrant(ctx, "t", bot.ID); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("RemoveEntrant twice: got %v; want not found", err)
	}
	if es, _ := s.Entrants(ctx, "t"); len(es) != 1 {
		t.Errorf("Entrants after a removal: got %d; want 1", len(es))
	}
}

func testTournamentBoards(t *testing.T, s store.Tournaments) {
	ctx := context.Background()
	if err := s.CreateTournament(ctx, sampleTournament("t", tourneyStart)); err != nil {
		t.Fatal(err)
	}
	g := store.TournamentGame{Tournament: "t", Round: 1, Board: 0, Players: []string{"a:1", "b:easy"}, Created: tourneyStart}
	if err := s.AddTournamentGame(ctx, g); err != nil {
		t.Fatalf("AddTournamentGame: %v", err)
	}
	if err := s.AddTournamentGame(ctx, g); game.ErrorCode(err) != game.CodeConflict {
		t.Errorf("AddTournamentGame twice: got %v; want a conflict", err)
	}
	if err := s.SetGameTable(ctx, "t", 1, 0, "T1", "owner"); err != nil {
		t.Fatalf("SetGameTable: %v", err)
	}
	if err := s.SetGameTable(ctx, "t", 1, 0, "T2", "owner2"); game.ErrorCode(err) != game.CodeConflict {
		t.Errorf("SetGameTable twice: got %v; want a conflict", err)
	}
	fin := tourneyStart.Add(time.Minute)
	if err := s.FinishTournamentGame(ctx, "t", 1, 0, []int{2, 1}, store.OutcomeForfeit, fin); err != nil {
		t.Fatalf("FinishTournamentGame: %v", err)
	}
	if err := s.FinishTournamentGame(ctx, "t", 1, 0, []int{1, 2}, "", fin.Add(time.Minute)); err != nil {
		t.Fatalf("FinishTournamentGame again: %v", err)
	}
	gs, err := s.TournamentGames(ctx, "t")
	if err != nil {
		t.Fatalf("TournamentGames: %v", err)
	}
	g.Table, g.OwnerToken, g.Ranks, g.Outcome, g.Finished = "T1", "owner", []int{2, 1}, store.OutcomeForfeit, fin
	if want := []store.TournamentGame{g}; !reflect.DeepEqual(gs, want) {
		t.Errorf("TournamentGames: got %+v; want %+v (first table and ranks kept)", gs, want)
	}
}

func testTournamentLease(t *testing.T, s store.Tournaments) {
	ctx := context.Background()
	if err := s.CreateTournament(ctx, sampleTournament("t", tourneyStart)); err != nil {
		t.Fatal(err)
	}
	now := tourneyStart
	a, ok, err := s.ClaimTournament(ctx, "t", "A", now, time.Second)
	if err != nil || !ok || a.Epoch != 1 {
		t.Fatalf("first claim: got %+v, %v, %v; want epoch 1, true, nil", a, ok, err)
	}
	if _, ok, err := s.ClaimTournament(ctx, "t", "B", now.Add(500*time.Millisecond), time.Second); err != nil || ok {
		t.Errorf("claim of a held lease: got %v, %v; want false, nil", ok, err)
	}
	if a2, ok, err := s.ClaimTournament(ctx, "t", "A", now.Add(900*time.Millisecond), time.Second); err != nil || !ok || a2.Epoch != 1 {
		t.Errorf("renewal: got %+v, %v, %v; want epoch 1 kept", a2, ok, err)
	}
	b, ok, err := s.ClaimTournament(ctx, "t", "B", now.Add(3*time.Second), time.Second)
	if err != nil || !ok || b.Epoch != 2 {
		t.Fatalf("takeover of an expired lease: got %+v, %v, %v; want epoch 2", b, ok, err)
	}
	a.Status = store.TournamentCancelled
	if err := s.UpdateTournament(ctx, a); game.ErrorCode(err) != game.CodeConflict {
		t.Errorf("update by the stale owner: got %v; want a conflict", err)
	}
	b.Status, b.Round = store.TournamentRunning, 1
	if err := s.UpdateTournament(ctx, b); err != nil {
		t.Errorf("update by the owner: %v", err)
	}
	if got, _ := s.Tournament(ctx, "t"); got == nil || got.Status != store.TournamentRunning || got.Round != 1 {
		t.Errorf("after the owner's update: got %+v; want running in round 1", got)
	}
	if err := s.ReleaseTournament(ctx, "t", "B"); err != nil {
		t.Fatalf("ReleaseTournament: %v", err)
	}
	if c, ok, err := s.ClaimTournament(ctx, "t", "C", now.Add(3*time.Second), time.Second); err != nil || !ok || c.Epoch != 3 {
		t.Errorf("claim after a release: got %+v, %v, %v; want epoch 3", c, ok, err)
	}
	if _, _, err := s.ClaimTournament(ctx, "nope", "C", now, time.Second); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("claim of an unknown tournament: got %v; want not found", err)
	}
}
