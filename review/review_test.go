package review

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"minehall/ai"
	"minehall/game"
	"minehall/game/gametest"
)

// judgedConnectFour is Connect Four with the generic search judge.
type judgedConnectFour struct{ game.Game }

func (judgedConnectFour) NewJudge(seed uint64) (ai.Judge, error) {
	return ai.NewSearchJudge(ai.SearchJudgeConfig{Seed: seed}), nil
}

// c4Record returns a finished record of Connect Four with the moves given,
// played alternately from seat 0.
func c4Record(t *testing.T, moves ...string) *game.Record {
	t.Helper()
	r, err := game.NewRecorder(gametest.ConnectFour(), 2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range moves {
		p := game.Player(i % 2)
		a, err := r.State.ParseAction(p, m)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Play(p, a, int64(i)*1000); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := r.Finish()
	if err != nil {
		t.Fatal(err)
	}
	rec.Names = []string{"Ann", "Bob"}
	return rec
}

var c4Config = Config{Table: "t1", Budget: ai.Budget{Iterations: 3000}, Seed: 7}

// In this game seat 0 stacks three discs in column a; seat 1 must block
// there but plays c, and seat 0 wins on a.
func TestReviewMarksAMissedBlockABlunder(t *testing.T) {
	rec := c4Record(t, "a", "b", "a", "b", "a", "c", "a")
	res, err := Review(context.Background(), judgedConnectFour{gametest.ConnectFour()}, rec, c4Config)
	if err != nil {
		t.Fatal(err)
	}
	m := findMove(t, res, 6)
	if m.Mark != "blunder" || m.Best != "a" || m.Player != 1 {
		t.Fatalf("move 6 (%s by %d) is marked %s with best %s; want a blunder by 1 with best a", m.Move, m.Player, m.Mark, m.Best)
	}
	if m.Loss <= ai.WinScale.Mistake || math.Abs(m.BestValue-m.Value-m.Loss) > 1e-3 {
		t.Errorf("move 6 loses %v (best %v, played %v); want more than %v, the difference", m.Loss, m.BestValue, m.Value, ai.WinScale.Mistake)
	}
	for _, lang := range game.Languages {
		if !strings.Contains(m.Reason[lang], "a ") && !strings.Contains(m.Reason[lang], " a") {
			t.Errorf("reason in %s is %q; want it to name the best move a", lang, m.Reason[lang])
		}
	}
	if w := findMove(t, res, 7); w.Mark != "best" || w.Best != "a" {
		t.Errorf("the winning move 7 is marked %s with best %s; want best, a", w.Mark, w.Best)
	}
	if !slices.Contains(res.Swings, 6) {
		t.Errorf("swings are %v; want them to hold 6", res.Swings)
	}
	if got := len(res.Series); got != len(rec.Actions)+1 {
		t.Fatalf("series has %d rows; want %d", got, len(rec.Actions)+1)
	}
	if got := res.Series[len(rec.Actions)]; got[0] != 1 || got[1] != 0 {
		t.Errorf("final series row is %v; want [1 0]", got)
	}
	if res.Players[1].Accuracy == nil || *res.Players[1].Accuracy >= *res.Players[0].Accuracy {
		t.Errorf("accuracies are %v and %v; want Bob's below Ann's", res.Players[0].Accuracy, res.Players[1].Accuracy)
	}
	if res.Players[1].Marks.Blunder != 1 || res.Players[1].Name != "Bob" {
		t.Errorf("Bob's summary is %+v; want one blunder", res.Players[1])
	}
}

func findMove(t *testing.T, res *Result, n int) Move {
	t.Helper()
	for _, m := range res.Moves {
		if m.N == n {
			return m
		}
	}
	t.Fatalf("no judged move %d in %+v", n, res.Moves)
	return Move{}
}

func TestReviewIsTheSameOnEveryRun(t *testing.T) {
	rec := c4Record(t, "d", "d", "c", "e", "b", "a", "f", "g", "e")
	g := judgedConnectFour{gametest.ConnectFour()}
	cfg := Config{Budget: ai.Budget{Iterations: 400}, Seed: 3}
	first, err := Review(context.Background(), g, rec, cfg)
	if err != nil {
		t.Fatal(err)
	}
	second, err := Review(context.Background(), g, rec, cfg)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(first)
	b, _ := json.Marshal(second)
	if string(a) != string(b) {
		t.Fatalf("two reviews differ:\n%s\n%s", a, b)
	}
}

func TestReviewStandInCountsForNoPlayer(t *testing.T) {
	rec := c4Record(t, "a", "b", "a", "b", "a", "c", "a")
	rec.Actions[5].StandIn = true
	res, err := Review(context.Background(), judgedConnectFour{gametest.ConnectFour()}, rec, c4Config)
	if err != nil {
		t.Fatal(err)
	}
	if m := findMove(t, res, 6); !m.StandIn || m.Mark != "blunder" {
		t.Fatalf("move 6 is stand_in %v, %s; want a stand-in's blunder", m.StandIn, m.Mark)
	}
	if got := res.Players[1].Marks; got.Blunder != 0 || got.Best+got.Good+got.Inaccuracy+got.Mistake != 2 {
		t.Errorf("Bob's marks are %+v; want his two own moves and no blunder", got)
	}
}

func TestReviewRefusesBadRecords(t *testing.T) {
	g := judgedConnectFour{gametest.ConnectFour()}
	tests := []struct {
		name string
		edit func(*game.Record)
		game game.Game
		want string
	}{
		{"IllegalAction", func(r *game.Record) { r.Actions[1].Player = 0 }, g, "action 1"},
		{"BadNotation", func(r *game.Record) { r.Actions[2].Move = "z" }, g, "action 2"},
		{"OtherGame", func(r *game.Record) { r.Game = "goofspiel" }, g, "not \"connectfour\""},
		{"NoJudge", func(*game.Record) {}, gametest.ConnectFour(), "no judge"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := c4Record(t, "a", "b", "a", "b")
			tc.edit(rec)
			_, err := Review(context.Background(), tc.game, rec, c4Config)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got error %v; want one saying %q", err, tc.want)
			}
		})
	}
}

func TestResultJSON(t *testing.T) {
	rec := c4Record(t, "a", "b", "a", "b", "a", "c", "a")
	res, err := Review(context.Background(), judgedConnectFour{gametest.ConnectFour()}, rec, c4Config)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"table", "game", "status", "scale", "players", "moves", "series", "swings"} {
		if _, ok := got[k]; !ok {
			t.Errorf("done review lacks %q: %s", k, b)
		}
	}
	if _, ok := got["rounds"]; ok {
		t.Errorf("a Connect Four review has rounds: %s", b)
	}
	move := got["moves"].([]any)[0].(map[string]any)
	for _, k := range []string{"n", "player", "move", "stand_in", "mark", "value", "best", "best_value", "loss", "reason"} {
		if _, ok := move[k]; !ok {
			t.Errorf("a move lacks %q: %v", k, move)
		}
	}
	for _, tc := range []struct {
		res  *Result
		want string
	}{
		{Pending("t1", "minerals"), `{"table":"t1","game":"minerals","status":"pending"}`},
		{Failed("t1", "minerals", game.Errorf(game.CodeInvalid, "bad")), `{"table":"t1","game":"minerals","status":"failed","error":"bad"}`},
	} {
		b, _ := json.Marshal(tc.res)
		if string(b) != tc.want {
			t.Errorf("got %s; want %s", b, tc.want)
		}
	}
}

func TestMoveAccuracy(t *testing.T) {
	tests := []struct {
		loss     float64
		min, max float64
	}{
		{0, 100, 100},
		{ai.WinScale.Best, 100, 100},
		{0.07, 75, 85},
		{0.5, 8, 12},
		{1, 0, 1},
	}
	for _, tc := range tests {
		if got := MoveAccuracy(ai.WinScale, tc.loss); got < tc.min || got > tc.max {
			t.Errorf("accuracy of loss %v is %v; want %v to %v", tc.loss, got, tc.min, tc.max)
		}
	}
}

func TestScaleMarks(t *testing.T) {
	tests := []struct {
		loss float64
		want string
	}{{0, "best"}, {0.02, "best"}, {0.04, "good"}, {0.08, "inaccuracy"}, {0.15, "mistake"}, {0.3, "blunder"}}
	for _, tc := range tests {
		if got := ai.WinScale.Mark(tc.loss); got != tc.want {
			t.Errorf("mark of loss %v is %s; want %s", tc.loss, got, tc.want)
		}
	}
}
