package e2e

import (
	"fmt"
	"testing"
	"time"
)

// TestLearnOutOfMineExamples: a newcomer finishes the lessons that follow
// the Out of Mine rulebook's worked examples, in English and in one other
// language, laying every tile by clicking the highlighted supply kind and
// cell, and the round's breakdown at the end shows the rulebook's score:
// "That means that 4 points are written down for Tim in that round" (his
// two wrongly placed tiles removed); Carl's "10 - 4 (empty gallery spaces)
// + 1 (bonus for the blue elf) + 1 (bonus for the white elf) = 8 points";
// Annika's "10 - 4 - 1 + 2 + 2 = 9 Punkte".
func TestLearnOutOfMineExamples(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	browser := newBrowser(t)
	cases := []struct {
		learnCase
		score, removed int
	}{
		{learnCase{"outofmine", "en", "tim"}, 4, 2},
		{learnCase{"outofmine", "fr", "tim"}, 4, 2},
		{learnCase{"outofmine", "en", "carl"}, 8, 0},
		{learnCase{"outofmine", "de", "carl"}, 8, 0},
		{learnCase{"outofmine", "en", "annika"}, 9, 0},
		{learnCase{"outofmine", "nl", "annika"}, 9, 0},
	}
	for _, c := range cases {
		t.Run(c.lesson+"_"+c.lang, func(t *testing.T) {
			tab := newTab(t, browser, c.lesson+"-"+c.lang)
			learnThrough(t, tab, s.URL, c.learnCase)
			waitFor(t, tab, 10*time.Second, "the learner's round breakdown", `!!document.querySelector('.oom-result.you [data-part=score]')`)
			if got := eval[string](t, tab, `document.querySelector('.oom-result.you [data-part=score]').textContent`); got != fmt.Sprint(c.score) {
				t.Errorf("the breakdown's score is %q; want %d", got, c.score)
			}
			if got := eval[int](t, tab, `document.querySelectorAll('.oom-result.you .tile.removed').length`); got != c.removed {
				t.Errorf("%d tiles are shown removed; want %d", got, c.removed)
			}
		})
	}
}

// TestLearnHammerTimeClara: a newcomer finishes Clara's lesson in English
// and in German, and at its end the wagon is full: "Clara peut se servir de
// sa carte joker pour servir de quatrième pierre précieuse dans son
// wagonnet : son wagonnet est alors rempli !"
func TestLearnHammerTimeClara(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	browser := newBrowser(t)
	for _, c := range []learnCase{{"hammertime", "en", "clara"}, {"hammertime", "de", "clara"}} {
		t.Run(c.lang, func(t *testing.T) {
			tab := newTab(t, browser, "clara-"+c.lang)
			learnThrough(t, tab, s.URL, c)
			waitFor(t, tab, 10*time.Second, "Clara's seat", `!!document.querySelector('.ht-seat.you')`)
			if got := eval[string](t, tab, `document.querySelector('.ht-seat.you').dataset.full`); got != "1" {
				t.Errorf("Clara has %s full wagons at the end; want 1", got)
			}
		})
	}
}

// TestLearnMineralsExamples: a newcomer finishes the lessons that follow
// the Minerals rulebook's examples (Matt's three directions, David's two
// fragments, Kate's Map and collection card) in English and in one other
// language; at the end of Kate's lesson her card is on the page.
func TestLearnMineralsExamples(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	browser := newBrowser(t)
	for _, c := range []learnCase{
		{"minerals", "en", "matt"}, {"minerals", "nl", "matt"},
		{"minerals", "en", "david"}, {"minerals", "de", "david"},
		{"minerals", "en", "kate"}, {"minerals", "fr", "kate"},
	} {
		t.Run(c.lesson+"_"+c.lang, func(t *testing.T) {
			tab := newTab(t, browser, c.lesson+"-"+c.lang)
			learnThrough(t, tab, s.URL, c)
			if c.lesson == "kate" && !eval[bool](t, tab, `document.querySelector('#board').textContent.includes('21')`) {
				t.Errorf("the end of Kate's lesson does not show her 21-point card")
			}
		})
	}
}
