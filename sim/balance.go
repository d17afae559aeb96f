package sim

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"minehall/game"
)

// BalanceConfig is what the balance report plays: every player count of
// every game, with one bot in every seat.
type BalanceConfig struct {
	Games []game.Game // in report order
	// GamesPerCount is the number of games per game and player count (0:
	// 200).
	GamesPerCount int
	Bot           string // the bot in every seat; "" means "random"
	Seed          uint64
	Workers       int // 0: GOMAXPROCS; never changes the report
	// MaxActions and AgentTimeout are those of every run (see [Config]).
	MaxActions   int
	AgentTimeout time.Duration
	AgentStartup time.Duration
	// Command is the command line that reproduces the report; the report
	// shows it.
	Command string
	// Progress, when set, is called after each finished game.
	Progress func(id string, players, done, total int)
}

// significance is the p-value below which the report calls a seat
// imbalance real.
const significance = 0.01

// Balance plays the games of cfg and returns one summary per game and
// player count, in order.
func Balance(ctx context.Context, cfg BalanceConfig) ([]*Summary, error) {
	if cfg.GamesPerCount == 0 {
		cfg.GamesPerCount = 200
	}
	if cfg.Bot == "" {
		cfg.Bot = "random"
	}
	var out []*Summary
	for _, g := range cfg.Games {
		spec := g.Spec()
		for n := spec.MinPlayers; n <= spec.MaxPlayers; n++ {
			run := Config{Game: g, Players: n, Bots: []string{cfg.Bot}, Games: cfg.GamesPerCount, Seed: cfg.Seed, Workers: cfg.Workers,
				MaxActions: cfg.MaxActions, AgentTimeout: cfg.AgentTimeout, AgentStartup: cfg.AgentStartup}
			if cfg.Progress != nil {
				id, n := spec.ID, n
				run.Progress = func(done int) { cfg.Progress(id, n, done, cfg.GamesPerCount) }
			}
			sum, _, err := Run(ctx, run)
			if err != nil {
				return nil, fmt.Errorf("%s with %d players: %w", spec.ID, n, err)
			}
			out = append(out, sum)
		}
	}
	return out, nil
}

// WriteBalance writes the balance report of sums (from [Balance]) as
// Markdown: for each game and player count the win rate of every seat, the
// first-player advantage and a seat-balance test, and for games whose
// rounds are scored with named components (Out of Mine's cards and board
// sides) the spread of round scores between the components.
func WriteBalance(w io.Writer, cfg BalanceConfig, sums []*Summary) error {
	var b strings.Builder
	b.WriteString("# Balance report\n\n")
	fmt.Fprintf(&b, "Produced by the simulator from real self-play games with this command, which reproduces every\nfigure (the results depend only on the seed, not on the machine or the number of workers):\n\n```\n%s\n```\n\n", cfg.Command)
	bot := cfg.Bot
	if bot == "" {
		bot = "random"
	}
	b.WriteString("How to read it. Every seat is played by the same bot (`" + bot + "`), so in a fair game each of n\n" +
		"seats wins 1/n of the games. A win rate is the share of games won (a win shared by k players counts\n" +
		"1/k), with its Wilson score 95% interval in brackets. The first-player advantage is seat 1's\n" +
		"win rate minus 1/n; seat 1 is the first seat of the game (the start player unless the game's\n" +
		"rules choose the start player otherwise). The seat-balance p-value is Pearson's chi-square test\n" +
		fmt.Sprintf("that every seat wins equally often: below %g, some seat wins more often than chance explains.\n", significance) +
		"Turns are runs of consecutive actions by one seat; actions count every recorded action.\n\n")
	if len(sums) == 0 {
		b.WriteString("No games are registered.\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	b.WriteString("## First-player advantage\n\n")
	b.WriteString("| game | players | games | errors | seat 1 win rate | fair share | first-player advantage | seat balance p |\n")
	b.WriteString("| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |\n")
	for _, s := range sums {
		r := s.WinsBySeat[0]
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %s | %.1f%% | %+.1f points | %s |\n", s.Title, s.Players, s.Games, s.Errors, pct(r),
			100/float64(s.Players), 100*(r.Rate-1/float64(s.Players)), pvalue(s.SeatBalanceP))
	}
	b.WriteString("\n## Seat balance\n\n")
	groups := byGame(sums)
	for _, g := range groups {
		fmt.Fprintf(&b, "- %s. %s\n", g[0].Title, seatVerdict(g))
	}
	b.WriteString("\n")
	for _, g := range groups {
		writeGameBalance(&b, g)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// byGame splits sums into runs of the same game.
func byGame(sums []*Summary) [][]*Summary {
	var out [][]*Summary
	for i := 0; i < len(sums); {
		j := i
		for j < len(sums) && sums[j].Game == sums[i].Game {
			j++
		}
		out = append(out, sums[i:j])
		i = j
	}
	return out
}

func writeGameBalance(b *strings.Builder, sums []*Summary) {
	first := sums[0]
	fmt.Fprintf(b, "## %s\n\n", first.Title)
	fmt.Fprintf(b, "Game id `%s`; options: %s.\n\n", first.Game, orNone(formatOptions(first.Options)))
	maxSeats := sums[len(sums)-1].Players
	b.WriteString("| players |")
	for p := range maxSeats {
		fmt.Fprintf(b, " seat %d |", p+1)
	}
	b.WriteString(" seat balance p | mean score by seat | mean turns | mean actions | errors |\n|---:|")
	b.WriteString(strings.Repeat(" --- |", maxSeats) + " ---: | --- | ---: | ---: | ---: |\n")
	for _, s := range sums {
		fmt.Fprintf(b, "| %d |", s.Players)
		for p := range maxSeats {
			if p < s.Players {
				fmt.Fprintf(b, " %s |", pct(s.WinsBySeat[p]))
			} else {
				b.WriteString(" |")
			}
		}
		means := make([]string, s.Players)
		for p, m := range s.MeanScoreBySeat {
			means[p] = fmt.Sprintf("%.2f", m)
		}
		fmt.Fprintf(b, " %s | %s | %.1f | %.1f | %d |\n", pvalue(s.SeatBalanceP), strings.Join(means, " / "), s.Turns.Mean, s.Actions.Mean, s.Errors)
	}
	b.WriteString("\nSeat balance. " + seatVerdict(sums) + "\n\n")
	var all []ComponentSpread
	for _, s := range sums {
		all = mergeSpreads(all, s.Components)
	}
	for _, c := range all {
		writeSpread(b, c)
	}
	for _, s := range sums {
		for _, e := range s.ErrorGames {
			first, _, _ := strings.Cut(e.Error, "\n")
			fmt.Fprintf(b, "- error, %d players, game %d (seed %d): %s\n", s.Players, e.Index, e.Seed, first)
		}
	}
}

// seatVerdict says in words whether any seat wins more often than chance
// explains.
func seatVerdict(sums []*Summary) string {
	var bad []string
	lowest := 1.0
	for _, s := range sums {
		lowest = min(lowest, s.SeatBalanceP)
		if s.SeatBalanceP < significance {
			best := 0
			for p, r := range s.WinsBySeat {
				if r.Rate > s.WinsBySeat[best].Rate {
					best = p
				}
			}
			bad = append(bad, fmt.Sprintf("with %d players seat %d wins %s against a fair %.1f%% (%s)", s.Players, best+1, pct(s.WinsBySeat[best]), 100/float64(s.Players), pclause(s.SeatBalanceP)))
		}
	}
	if len(bad) == 0 {
		return fmt.Sprintf("At no player count does any seat win significantly more often than the others (lowest %s).", pclause(lowest))
	}
	return "Imbalanced: " + strings.Join(bad, "; ") + "."
}

// mergeSpreads pools the component values of b into a, recomputing the
// distributions from their moments.
func mergeSpreads(a, b []ComponentSpread) []ComponentSpread {
	for _, cb := range b {
		k := -1
		for i := range a {
			if a[i].Kind == cb.Kind {
				k = i
			}
		}
		if k < 0 {
			a = append(a, ComponentSpread{Kind: cb.Kind, Values: append([]ComponentValue(nil), cb.Values...)})
			k = len(a) - 1
		} else {
			for _, v := range cb.Values {
				found := false
				for i := range a[k].Values {
					if a[k].Values[i].Value == v.Value {
						a[k].Values[i].Dist = pool(a[k].Values[i].Dist, v.Dist)
						found = true
					}
				}
				if !found {
					a[k].Values = append(a[k].Values, v)
				}
			}
		}
		a[k] = respread(a[k])
	}
	return a
}

// respread sorts a spread's values and recomputes its summary figures.
func respread(c ComponentSpread) ComponentSpread {
	sortValues(c.Values)
	means := make([]float64, len(c.Values))
	for i, v := range c.Values {
		means[i] = v.Mean
	}
	md := Describe(means)
	c.SpreadOfMeans, c.SDOfMeans = md.Max-md.Min, md.SD
	return c
}

func writeSpread(b *strings.Builder, c ComponentSpread) {
	if len(c.Values) == 0 {
		return
	}
	lo, hi := c.Values[0], c.Values[len(c.Values)-1]
	fmt.Fprintf(b, "### Difficulty by %s\n\n", c.Kind)
	fmt.Fprintf(b, "Self-play round scores (they depend on the bots' skill) by %s over every player count: %d %ss seen; mean round score from %.2f (%s %s, the hardest)\nto %.2f (%s %s, the easiest), a spread of %.2f points; the standard deviation of the means is %.2f.\n\n",
		c.Kind, len(c.Values), c.Kind, lo.Mean, c.Kind, lo.Value, hi.Mean, c.Kind, hi.Value, c.SpreadOfMeans, c.SDOfMeans)
	fmt.Fprintf(b, "| %s | rounds | mean score | sd | min | max |\n| --- | ---: | ---: | ---: | ---: | ---: |\n", c.Kind)
	for _, v := range c.Values {
		fmt.Fprintf(b, "| %s | %d | %.2f | %.2f | %g | %g |\n", v.Value, v.N, v.Mean, v.SD, v.Min, v.Max)
	}
	b.WriteString("\n")
}

func pct(r Rate) string {
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*r.Rate, 100*r.Low, 100*r.High)
}

func pvalue(p float64) string {
	if p < 0.001 {
		return "< 0.001"
	}
	return fmt.Sprintf("%.3f", p)
}

// pclause is "p = 0.123" or "p < 0.001".
func pclause(p float64) string {
	if p < 0.001 {
		return "p < 0.001"
	}
	return "p = " + pvalue(p)
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
