package table

import (
	"context"
	"slices"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/store"
)

// botSeat is a bot in a seat: at most one question to it is outstanding.
type botSeat struct {
	bot   ai.Bot
	busy  bool // asked, or its move is scheduled
	timer Stopper
}

// botRetry is how long the table waits before asking a bot again after it
// failed, and the shortest wait after a bot said Wait.
const botRetry = time.Second

const botMinWait = 50 * time.Millisecond

// scheduleBots asks every bot that may act now and is not already
// thinking; t.mu is held.
func (t *Table) scheduleBots() {
	if t.closed || t.mirror || t.rec.Status != store.StatusPlaying || t.request != nil {
		// A take-back waiting for answers holds the bots still.
		return
	}
	t.pbuf = t.state.Actors(t.pbuf[:0])
	for _, p := range t.pbuf {
		if !p.Seated() || int(p) >= len(t.bots) {
			continue
		}
		if b := t.bots[p]; b != nil && !b.busy {
			b.busy = true
			t.askBot(p, b)
		}
	}
}

// askBot has b think, through the hall's bot queue, on a clone of the
// state as it is when its turn in the queue comes, without the lock; then
// it schedules b's move after the bot's delay (at least the hall's pace in
// a turn-based game); t.mu is held.
func (t *Table) askBot(p game.Player, b *botSeat) {
	h := t.hall
	h.wg.Add(1)
	h.bots.submit(t, func() {
		defer h.wg.Done()
		t.think(p, b)
	})
}

// think is one turn of b in the bot queue; t.mu is not held.
func (t *Table) think(p game.Player, b *botSeat) {
	h := t.hall
	t.mu.Lock()
	if t.closed || t.mirror || t.bots[p] != b || t.rec.Status != store.StatusPlaying || !slices.Contains(t.state.Actors(nil), p) {
		// Stopped, handed back, or no longer to act while it waited: the
		// next action asks it again if it must act.
		b.busy = false
		t.mu.Unlock()
		return
	}
	n0 := t.n
	s := t.state.Clone()
	t.mu.Unlock()
	ctx, cancel := context.WithTimeout(t.ctx, h.cfg.BotThink)
	d, err := b.bot.Act(ctx, s, p)
	cancel()
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed || t.mirror || t.bots[p] != b {
		// Stopped, or a stand-in whose person came back meanwhile.
		b.busy = false
		return
	}
	delay := d.Delay
	if err != nil {
		h.cfg.Logger.Warn("bot failed", "table", t.rec.ID, "seat", p, "err", err)
		d.Wait, delay = true, botRetry
	}
	if t.spec.Turns != game.RealTime {
		delay = max(delay, h.cfg.BotPace)
	}
	if d.Wait {
		delay = max(delay, botMinWait)
	}
	b.timer = h.cfg.Clock.AfterFunc(delay, func() { t.botMove(p, b, n0, d) })
}

// botMove plays the bot's decision if nothing happened since it was
// asked; otherwise it asks again.
func (t *Table) botMove(p game.Player, b *botSeat, n0 int64, d ai.Decision) {
	t.mu.Lock()
	defer t.mu.Unlock()
	b.busy = false
	b.timer = nil
	if t.closed || t.mirror || t.rec.Status != store.StatusPlaying || t.bots[p] != b {
		return
	}
	if d.Wait || t.n != n0 || t.request != nil {
		t.scheduleBots()
		return
	}
	if err := game.Check(t.state, p, d.Action); err != nil {
		t.hall.cfg.Logger.Warn("bot chose an illegal action", "table", t.rec.ID, "seat", p, "err", err)
		b.busy = true
		b.timer = t.hall.cfg.Clock.AfterFunc(botRetry, func() { t.botMove(p, b, n0, ai.Decision{Wait: true}) })
		return
	}
	if _, err := t.commit(t.ctx, p, d.Action, 0); err != nil {
		t.hall.cfg.Logger.Error("bot action not stored", "table", t.rec.ID, "seat", p, "err", err)
		t.lostOwnership(t.ctx, err)
		t.retryLater()
		return
	}
	t.advance(t.ctx)
}
