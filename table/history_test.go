package table

import (
	"strconv"
	"testing"
)

// A long game's history lists only the last historyLimit actions, and the
// table remembers at most twice as many.
func TestHistoryIsBounded(t *testing.T) {
	var tb Table
	for n := int64(1); n <= 1000; n++ {
		tb.remember(n, loggedMove{player: 0, move: "move " + strconv.FormatInt(n, 10), public: true})
		if len(tb.recent) > 2*historyLimit {
			t.Fatalf("after %d actions the table remembers %d; want at most %d", n, len(tb.recent), 2*historyLimit)
		}
		h := tb.history(1)
		want := min(n, historyLimit)
		if int64(len(h)) != want || h[len(h)-1].N != n || h[0].N != n-want+1 || h[0].Move != "move "+strconv.FormatInt(h[0].N, 10) {
			t.Fatalf("after %d actions: %d entries from %+v to %+v; want %d ending with action %d", n, len(h), h[0], h[len(h)-1], want, n)
		}
	}
}
