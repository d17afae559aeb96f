package server

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"minehall/account"
	"minehall/game"
	"minehall/rating"
	"minehall/store"
)

// shownRating is a rating as the API shows it: the model's Mu, Sigma and
// Ordinal (Mu - 3 Sigma), and the figure people read (see rating.Show):
// Rating around 1500, its Deviation, Provisional while the deviation is
// above rating.ProvisionalDeviation (210).
type shownRating struct {
	Mu          float64 `json:"mu"`
	Sigma       float64 `json:"sigma"`
	Ordinal     float64 `json:"ordinal"`
	Rating      int     `json:"rating"`
	Deviation   int     `json:"deviation"`
	Provisional bool    `json:"provisional"`
}

func showRating(r rating.Rating) shownRating {
	sh := rating.Show(r)
	return shownRating{Mu: r.Mu, Sigma: r.Sigma, Ordinal: r.Ordinal(), Rating: sh.Rating, Deviation: sh.Deviation, Provisional: sh.Provisional}
}

// ratingInfo is a player's rating in one game.
type ratingInfo struct {
	Game string `json:"game"`
	shownRating
	Games int `json:"games"`
}

// playedInfo is one recorded game of a player; Before and After are their
// rating around a rated game (OrdinalBefore and OrdinalAfter their
// ordinals), Reason why an unrated one moved no rating. Replay is the
// game's replay page.
type playedInfo struct {
	Table          string       `json:"table"`
	Game           string       `json:"game"`
	Finished       time.Time    `json:"finished"`
	Seat           int          `json:"seat"`
	Rank           int          `json:"rank"`
	Players        int          `json:"players"`
	Won            bool         `json:"won"`
	Left           bool         `json:"left,omitempty"`
	Rated          bool         `json:"rated"`
	Reason         string       `json:"reason,omitempty"`
	OwnActions     int          `json:"own_actions"`
	StandInActions int          `json:"standin_actions"`
	OrdinalBefore  *float64     `json:"ordinal_before,omitempty"`
	OrdinalAfter   *float64     `json:"ordinal_after,omitempty"`
	Before         *shownRating `json:"before,omitempty"`
	After          *shownRating `json:"after,omitempty"`
	Replay         string       `json:"replay"`
}

// playedInfoOf is pg as the API shows it.
func playedInfoOf(pg store.PlayedGame) playedInfo {
	pi := playedInfo{Table: pg.Table, Game: pg.Game, Finished: pg.Finished, Seat: pg.Seat, Rank: pg.Rank, Players: pg.Players,
		Won: pg.Won, Left: pg.Left, Rated: pg.Rated, Reason: pg.Reason, OwnActions: pg.OwnActions, StandInActions: pg.StandInActions,
		Replay: "/replay/" + pg.Table}
	if pg.Rated {
		b, a := pg.Before.Ordinal(), pg.After.Ordinal()
		sb, sa := showRating(pg.Before), showRating(pg.After)
		pi.OrdinalBefore, pi.OrdinalAfter, pi.Before, pi.After = &b, &a, &sb, &sa
	}
	return pi
}

// statsInfo counts a player's games of one game.
type statsInfo struct {
	Game   string `json:"game"`
	Played int    `json:"played"`
	Won    int    `json:"won"`
}

// historyPoint is a player's rating after one rated game, or, first,
// before the oldest game shown (no table, no time).
type historyPoint struct {
	Table       string     `json:"table,omitempty"`
	Finished    *time.Time `json:"finished,omitempty"`
	Ordinal     float64    `json:"ordinal"`
	Rating      int        `json:"rating"`
	Provisional bool       `json:"provisional"`
}

func historyPointOf(r rating.Rating) historyPoint {
	sh := rating.Show(r)
	return historyPoint{Ordinal: r.Ordinal(), Rating: sh.Rating, Provisional: sh.Provisional}
}

// profile is the public page of a player: GET /api/players/{name}.
type profile struct {
	Name    string       `json:"name"`
	Bot     bool         `json:"bot,omitempty"`
	Ratings []ratingInfo `json:"ratings"`
	Stats   []statsInfo  `json:"stats"`
	Games   []playedInfo `json:"games"`
	// History is, per game, the ordinal before the oldest of the last
	// rated games and after each of them, oldest first: the points of the
	// profile's plot.
	History map[string][]historyPoint `json:"history"`
}

// historyGames is how many rated games a profile's plot shows per game.
const historyGames = 100

func (s *Server) profileOf(ctx context.Context, player, name string, games int) (*profile, error) {
	p := &profile{Name: name, Ratings: []ratingInfo{}, Stats: []statsInfo{}, Games: []playedInfo{}, History: map[string][]historyPoint{}}
	rs, err := s.cfg.Accounts.Ratings(ctx, player)
	if err != nil {
		return nil, err
	}
	for _, r := range rs {
		p.Ratings = append(p.Ratings, ratingInfo{Game: r.Game, shownRating: showRating(r.Rating), Games: r.Games})
		played, err := s.cfg.Accounts.PlayedGames(ctx, player, r.Game, historyGames)
		if err != nil {
			return nil, err
		}
		var h []historyPoint
		for i := len(played) - 1; i >= 0; i-- {
			pg := played[i]
			if !pg.Rated {
				continue
			}
			if len(h) == 0 {
				// Where the plot starts: the rating before the oldest game shown.
				h = append(h, historyPointOf(pg.Before))
			}
			fin := pg.Finished
			pt := historyPointOf(pg.After)
			pt.Table, pt.Finished = pg.Table, &fin
			h = append(h, pt)
		}
		p.History[r.Game] = h
	}
	st, err := s.cfg.Accounts.GameStats(ctx, player)
	if err != nil {
		return nil, err
	}
	for _, g := range st {
		p.Stats = append(p.Stats, statsInfo{Game: g.Game, Played: g.Played, Won: g.Won})
	}
	played, err := s.cfg.Accounts.PlayedGames(ctx, player, "", games)
	if err != nil {
		return nil, err
	}
	for _, pg := range played {
		p.Games = append(p.Games, playedInfoOf(pg))
	}
	return p, nil
}

// getPlayer answers a player's public profile: an account by its name
// (case-insensitive), or a bot level's rated identity ("bot:easy").
func (s *Server) getPlayer(w http.ResponseWriter, r *http.Request) {
	if !s.accountsOn(w, r) {
		return
	}
	name := r.PathValue("name")
	player, shown := "", ""
	if level, ok := strings.CutPrefix(name, "bot:"); ok && level != "" {
		player, shown = store.BotPlayer(level), store.BotPlayer(level)
	} else {
		_, key, err := account.CheckName(name)
		if err != nil {
			writeError(w, s.log, game.Errorf(game.CodeNotFound, "there is no player %q", name))
			return
		}
		a, err := s.cfg.Accounts.AccountByName(r.Context(), key)
		if err != nil {
			if game.ErrorCode(err) == game.CodeNotFound {
				err = game.Errorf(game.CodeNotFound, "there is no player %q", name)
			}
			writeError(w, s.log, err)
			return
		}
		player, shown = a.ID, a.Name
	}
	p, err := s.profileOf(r.Context(), player, shown, recentGames)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	p.Bot = strings.HasPrefix(player, "bot:")
	if p.Bot && len(p.Stats) == 0 {
		writeError(w, s.log, game.Errorf(game.CodeNotFound, "there is no player %q", name))
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// leaderRow is one row of a leaderboard.
type leaderRow struct {
	Rank int    `json:"rank"`
	Name string `json:"name"`
	Bot  bool   `json:"bot,omitempty"`
	shownRating
	Games int `json:"games"`
}

// getLeaderboard answers the rated players of a game:
// GET /api/leaderboard/{game}?limit=N (default 100, at most 1000). Players
// lists the accounts whose rating is settled, Bots the bot levels, each
// highest rating first and at most N long.
func (s *Server) getLeaderboard(w http.ResponseWriter, r *http.Request) {
	if !s.accountsOn(w, r) {
		return
	}
	g, err := s.cfg.Registry.Lookup(r.PathValue("game"))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	limit := 100
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			writeError(w, s.log, game.Errorf(game.CodeInvalid, "limit %q is not a number from 1 to 1000", v))
			return
		}
		limit = n
	}
	lists := map[bool][]leaderRow{}
	for _, bots := range []bool{false, true} {
		rs, err := s.cfg.Accounts.Leaderboard(r.Context(), g.Spec().ID, bots, limit)
		if err != nil {
			writeError(w, s.log, err)
			return
		}
		rows := []leaderRow{}
		for i, pr := range rs {
			rows = append(rows, leaderRow{Rank: i + 1, Name: pr.Name, Bot: bots, shownRating: showRating(pr.Rating), Games: pr.Games})
		}
		lists[bots] = rows
	}
	writeJSON(w, http.StatusOK, map[string]any{"game": g.Spec().ID, "players": lists[false], "bots": lists[true]})
}
