package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// freeSpotForHand returns, in the page, the board space where the anchor
// of the tile in hand (its first cell) lands so that the whole tile lies on
// free gallery spaces, and the space of the tile's top-left corner, as
// "anchor top-left", or "" when there is none.
const freeSpotForHand = `(() => {
  const cells = [...document.querySelectorAll('#oom-handtile [data-hcell]')].map((e) => e.dataset.hcell.split(',').map(Number));
  const name = (r, c) => String.fromCharCode(97 + c) + (r + 1);
  const free = (r, c) => !!document.querySelector('#oom-board rect.cell.gallery:not(.covered)[data-cell="' + name(r, c) + '"]');
  const b = document.querySelector('#oom-board'), rows = Number(b.dataset.rows), cols = Number(b.dataset.cols);
  const [ar, ac] = cells[0];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    if (cells.every(([dr, dc]) => free(r - ar + dr, c - ac + dc))) return name(r, c) + ' ' + name(r - ar, c - ac);
  }
  return '';
})()`

// TestOutOfMineClickAndTapPlaceTheHand has Ann take a tile and click a
// board space, then take another and tap a space with a finger: each tile
// is laid with its anchor on the space pressed, and the server confirms it.
func TestOutOfMineClickAndTapPlaceTheHand(t *testing.T) {
	ann, _ := twoPeopleAtOutOfMine(t)
	for _, how := range []string{"click", "tap"} {
		shape := ""
		for _, sh := range []string{"Y1", "B2", "G3", "R3"} {
			if takeKind(t, ann, sh) != "" {
				shape = sh
				break
			}
		}
		if shape == "" {
			t.Fatalf("%s: no tile left to take", how)
		}
		var anchor, topLeft string
		fmt.Sscan(eval[string](t, ann, freeSpotForHand), &anchor, &topLeft)
		if anchor == "" {
			t.Fatalf("%s: no free space for %s", how, shape)
		}
		sym := eval[string](t, ann, `document.querySelector('#oom-hand').dataset.sym`)
		cell := fmt.Sprintf(`#oom-board rect[data-cell=%q]`, anchor)
		eval[bool](t, ann, `(document.querySelector('#oom-board').scrollIntoView({block: 'center'}), true)`)
		x, y := center(t, ann, cell)
		if how == "click" {
			do(t, ann, 10*time.Second, "click "+anchor, chromedp.MouseClickXY(x, y))
		} else {
			do(t, ann, 10*time.Second, "tap "+anchor,
				touch(input.DispatchTouchEventTypeTouchStart, [2]float64{x, y}),
				touch(input.DispatchTouchEventTypeTouchEnd))
		}
		sel := fmt.Sprintf(`#oom-board g.tile[data-shape=%q][data-sym=%q][data-cell=%q][data-state="confirmed"]`, shape, sym, topLeft)
		if !holds(ann, 10*time.Second, fmt.Sprintf(`!!document.querySelector(%q)`, sel)) {
			t.Errorf("%s on %s with %s in hand: no confirmed %s laid at %s; the hand holds %q", how, anchor, shape, shape, topLeft,
				eval[string](t, ann, `document.querySelector('#oom-hand').dataset.shape`))
		}
		if got := eval[string](t, ann, `document.querySelector('#oom-hand').dataset.shape`); got != "" {
			t.Errorf("after the %s: the hand holds %q; want it empty", how, got)
		}
	}
}
