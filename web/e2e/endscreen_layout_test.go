package e2e

import (
	"net/http"
	"testing"
)

// TestEndScreenOnAPhone opens a finished game of each of the four games
// (the recorded end cases) on phone screens: the end screen's heading,
// who won, the scores and the actions (rematch, replay, lobby) are on the
// first screen under the bar, uncovered, and every control is 44 px.
func TestEndScreenOnAPhone(t *testing.T) {
	t.Parallel()
	tables := map[string]*goldenTable{}
	var cases []layoutCase
	for _, c := range endCases() {
		tables["golden-"+c.Name] = c.finishedTable(t, c.record(t))
		gc := c.goldenCase
		gc.Ready = `document.querySelector('#end:not([hidden]) .scores') !== null`
		cases = append(cases, layoutCase{goldenCase: gc, Parts: []layoutPart{
			{Name: "bar", Selector: "#tablebar"},
			{Name: "heading", Selector: "#end-h"},
			{Name: "winners", Selector: "#end .winners"},
			{Name: "scores", Selector: "#end .scores"},
			{Name: "replay", Selector: "#end #replay"},
		}})
	}
	s := startSite(t, func(mux *http.ServeMux, api http.Handler) { serveGoldens(mux, api, tables) })
	runLayoutsOn(t, s, cases)
}
