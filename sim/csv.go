package sim

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
)

// WriteCSV writes one row per game of results, for a run with players
// seats: index, seed, the bot, score and return of each seat (columns
// bot_1, score_1, return_1 for the first seat: seats count from 1, as
// everywhere people read them), actions, turns, virtual milliseconds and
// the error ("" for a finished game). Seeds are written in decimal.
func WriteCSV(w io.Writer, players int, results []GameResult) error {
	cw := csv.NewWriter(w)
	head := []string{"game", "seed"}
	for p := range players {
		head = append(head, fmt.Sprintf("bot_%d", p+1))
	}
	for p := range players {
		head = append(head, fmt.Sprintf("score_%d", p+1))
	}
	for p := range players {
		head = append(head, fmt.Sprintf("return_%d", p+1))
	}
	head = append(head, "actions", "turns", "virtual_ms", "error")
	if err := cw.Write(head); err != nil {
		return err
	}
	row := make([]string, 0, len(head))
	for i := range results {
		r := &results[i]
		row = append(row[:0], strconv.Itoa(r.Index), strconv.FormatUint(r.Seed, 10))
		for p := range players {
			row = append(row, at(r.Bots, p))
		}
		for p := range players {
			row = append(row, number(r.Scores, p))
		}
		for p := range players {
			row = append(row, number(r.Returns, p))
		}
		row = append(row, strconv.Itoa(r.Actions), strconv.Itoa(r.Turns), strconv.FormatInt(r.Ms, 10), r.Error)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func at(xs []string, i int) string {
	if i < len(xs) {
		return xs[i]
	}
	return ""
}

func number(xs []float64, i int) string {
	if i < len(xs) {
		return strconv.FormatFloat(xs[i], 'g', -1, 64)
	}
	return ""
}
