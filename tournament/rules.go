package tournament

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Rules returns the event's pairing and scoring rules as a short English
// text for a page, with this configuration's numbers filled in.
func (s Swiss) Rules() string {
	k := max(s.TableSize, 2)
	var b strings.Builder
	fmt.Fprintf(&b, "Swiss, %s, %d players a table. ", roundsText(s.Rounds), k)
	b.WriteString("Each round, players with equal points meet, then by rating; nobody meets an earlier opponent again while another pairing is possible. ")
	if k == 2 {
		b.WriteString("A game scores 1 point for a win, ½ for a draw, 0 for a loss. ")
	} else {
		fmt.Fprintf(&b, "A game scores (%d − place)/%d points: 1 for first, 0 for last; tied players share their places' points. ", k, k-1)
	}
	fmt.Fprintf(&b, "When the players do not fill the tables, the lowest-placed who has not had a bye sits out and scores %s. ", pointsText(s.ByeScore.Points()))
	b.WriteString("The first seat goes to whoever had it least. ")
	b.WriteString("Ties are broken by Buchholz (the sum of the opponents' points, without the lowest), then Sonneborn-Berger (the points of the opponents beaten, half of those drawn), then rating. ")
	b.WriteString("A player who withdraws is not paired again; the games played still count.")
	return b.String()
}

// Rules returns the arena's pairing and scoring rules as a short English
// text for a page, with this configuration's numbers filled in.
func (a Arena) Rules() string {
	k := max(a.TableSize, 2)
	var b strings.Builder
	fmt.Fprintf(&b, "Arena, %s, %d players a table. ", durationText(a.End.Sub(a.Start)), k)
	b.WriteString("Play as many games as you can: when your game ends you are paired again as soon as someone else is waiting, by points, then rating, avoiding your last opponent when another is waiting. ")
	if k == 2 {
		b.WriteString("A win scores 2 points, a draw 1, a loss 0. ")
	} else {
		fmt.Fprintf(&b, "A game scores 2 × (%d − place)/%d points, rounded half up: 2 for first, 0 for last; tied players share their places' points. ", k, k-1)
	}
	b.WriteString("After two wins in a row you are on fire: every game scores double until you fail to win one (that game scores double too). ")
	b.WriteString("No game starts after the end; games still running then count when they finish. ")
	b.WriteString("Ties are broken by performance (opponents' rating ± 400 per game), then rating.")
	return b.String()
}

// roundsText says a number of rounds in words.
func roundsText(n int) string {
	if n == 1 {
		return "1 round"
	}
	return fmt.Sprintf("%d rounds", n)
}

// pointsText says a number of points in words.
func pointsText(p float64) string {
	switch p {
	case 1:
		return "1 point"
	case 0.5:
		return "½ point"
	}
	return strconv.FormatFloat(p, 'f', -1, 64) + " points"
}

// durationText says an arena's length in minutes, or hours when whole.
func durationText(d time.Duration) string {
	switch m := int(d.Round(time.Minute) / time.Minute); {
	case m == 60:
		return "1 hour"
	case m%60 == 0 && m > 0:
		return fmt.Sprintf("%d hours", m/60)
	case m == 1:
		return "1 minute"
	default:
		return fmt.Sprintf("%d minutes", m)
	}
}
