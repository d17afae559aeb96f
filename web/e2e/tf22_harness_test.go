package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/games/tf22"
	"minehall/table"
)

// The TF22 end-to-end tests play through the page as a person would: every
// move is made by clicks on the palette, the planet and the dialogs. What
// to play is decided on the Go side from the table's state, rebuilt from
// its stored log: tf22Greedy for a player who means to win, tf22PlanCombat
// for two players who mean to meet in combat.

// tf22Move is a move of a seat in the game's notation.
type tf22Move struct {
	seat game.Player
	move string
}

// tf22State rebuilds the state of table id by replaying its stored log,
// and returns it with the number of moves in the log.
func tf22State(t *testing.T, s *site, id string) (game.State, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rec, err := s.store.Table(ctx, id)
	if err != nil {
		t.Fatalf("read table %s: %v", id, err)
	}
	acts, err := s.store.Actions(ctx, id)
	if err != nil {
		t.Fatalf("read the log of table %s: %v", id, err)
	}
	reg := &game.Registry{}
	reg.Register(tf22.New())
	r, err := table.RecordOf(reg, rec, acts)
	if err != nil {
		t.Fatalf("record of table %s: %v", id, err)
	}
	st, err := game.Replay(reg, r)
	if err != nil {
		t.Fatalf("replay table %s: %v", id, err)
	}
	return st, len(acts)
}

// tableOf returns the id of the table the tab shows.
func tableOf(t *testing.T, tab context.Context) string {
	t.Helper()
	return strings.TrimPrefix(eval[string](t, tab, `location.pathname`), "/tables/")
}

// tf22Greedy is a player's choice without search: on a state p cannot
// tell from st (a determinization, so it reads nothing p may not see), the
// legal action after which the game's evaluator rates p highest.
func tf22Greedy(st game.State, p game.Player, rng *game.Rand) game.Action {
	d := st.(game.Determinizer).Determinize(p, rng)
	best, bestV := game.Action(-1), -1.0
	var ev []float64
	for _, a := range d.Legal(p, nil) {
		c := d.Clone()
		c.Apply(p, a)
		ev = tf22.Evaluate(c, ev[:0])
		if ev[p] > bestV {
			best, bestV = a, ev[p]
		}
	}
	return best
}

// tf22PlanCombat searches seeded playouts from st for the shortest run of
// moves (of every seat) after which the seat to act may steal, and returns
// it with that steal last. Its players collect Ranium when they can and
// hunt the crews that carry Ranium; otherwise they play at random. A
// playout ends where chance would draw a symbol card (never in the
// strategy variant): the table draws its own, so no plan can foresee it.
func tf22PlanCombat(st game.State, attempts, maxMoves int) []tf22Move {
	var best []tf22Move
	for attempt := range attempts {
		rng := game.NewRand(uint64(attempt) + 1)
		c := st.Clone()
		var plan []tf22Move
		for len(plan) < maxMoves && !c.Terminal() && (best == nil || len(plan) < len(best)) {
			p := c.Actors(nil)[0]
			if p == game.Chance {
				break
			}
			legal := c.Legal(p, nil)
			prey := map[string]bool{}
			for _, cr := range c.View(p).(*tf22.View).Crews {
				if cr.Owner >= 0 && cr.Owner != int(p) && cr.Ranium > 0 {
					prey[fmt.Sprintf("%d,%d", cr.Row+1, cr.Col+1)] = true
				}
			}
			var steal, collect, hunt []game.Action
			for _, a := range legal {
				f := strings.Fields(c.ActionString(p, a))
				switch {
				case f[0] == "G":
					steal = append(steal, a)
				case f[0] == "F":
					collect = append(collect, a)
				case (f[0] == "D" || f[0] == "J") && prey[f[3]]:
					hunt = append(hunt, a)
				}
			}
			if len(steal) > 0 {
				best = append(plan, tf22Move{p, c.ActionString(p, steal[0])})
				break
			}
			a := legal[rng.IntN(len(legal))]
			if len(collect) > 0 {
				a = collect[0]
			} else if len(hunt) > 0 {
				a = hunt[rng.IntN(len(hunt))]
			}
			plan = append(plan, tf22Move{p, c.ActionString(p, a)})
			c.Apply(p, a)
		}
	}
	return best
}

// clickTF22Move makes move on the tab's page by clicks: the action in the
// palette, the crew (with two), then its target on the planet or among the
// choices; a card swap by its two cards; set-up, combat and placement
// answers by their buttons. It waits until the move is applied and fails
// the test if the page shows an error.
func clickTF22Move(t *testing.T, tab context.Context, move string) {
	t.Helper()
	n := eval[string](t, tab, `document.getElementById('main').dataset.n`)
	click := func(sel string) {
		t.Helper()
		do(t, tab, 10*time.Second, fmt.Sprintf("click %s (for %q)", sel, move),
			visible(sel), click(chromedp.CSS(sel)))
	}
	f := strings.Fields(move)
	switch f[0] {
	case "keep", "choose":
		click(fmt.Sprintf(`#tf-setup [data-move=%q]`, move))
	case "swap":
		click(fmt.Sprintf(`#tf-planet [data-key="card:%s"]`, f[1]))
		waitFor(t, tab, 5*time.Second, "card "+f[1]+" chosen for a swap", fmt.Sprintf(`document.querySelector('#tf-planet .tfcard.selected')?.dataset.pos === %q`, f[1]))
		click(fmt.Sprintf(`#tf-planet [data-move=%q]`, move))
	case "card":
		click(fmt.Sprintf(`#board .hand [data-move=%q]`, move))
	case "place":
		click(fmt.Sprintf(`#tf-planet [data-move=%q]`, move))
	default:
		click(fmt.Sprintf(`#tf-palette [data-key="action:%s"]`, f[0]))
		waitFor(t, tab, 5*time.Second, "action "+f[0]+" chosen", fmt.Sprintf(`document.querySelector('#tf-palette [data-key="action:%s"]').getAttribute('aria-pressed') === 'true'`, f[0]))
		if strings.Contains("DEFGIJK", f[0]) && eval[bool](t, tab, fmt.Sprintf(`!!document.querySelector('#tf-choices [data-key="pick:%s"]')`, f[1])) {
			click(fmt.Sprintf(`#tf-choices [data-key="pick:%s"]`, f[1]))
		}
		where := "#tf-choices"
		if strings.Contains("ABCDJK", f[0]) {
			where = "#tf-planet"
		}
		click(fmt.Sprintf(`%s [data-move=%q]`, where, move))
	}
	waitFor(t, tab, 30*time.Second, "the move "+move+" applied",
		fmt.Sprintf(`document.getElementById('main').dataset.n !== %q || document.querySelector('.message:not([hidden])')?.textContent`, n))
	if msg := eval[string](t, tab, `document.querySelector('.message:not([hidden])')?.textContent || ''`); msg != "" {
		t.Fatalf("the move %q was refused: %s", move, msg)
	}
}

// tf22MyTurn is the page-side test for "the tab's seat must act now".
const tf22MyTurn = `document.getElementById('main').dataset.myTurn === 'true'`

// tf22Finished is the page-side test for "the game is over".
const tf22Finished = `document.getElementById('main').dataset.status === 'finished'`

// waitTF22Actor waits until the page shows that its seat must act at the
// state's move number n (so that the page and st agree).
func waitTF22Actor(t *testing.T, tab context.Context, n int, who string) {
	t.Helper()
	waitFor(t, tab, 30*time.Second, fmt.Sprintf("%s to act at move %d", who, n),
		fmt.Sprintf(`%s && document.getElementById('main').dataset.n === '%d'`, tf22MyTurn, n))
}
