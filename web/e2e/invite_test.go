package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A guest typing a name into the invitation keeps it while the table
// changes around them: another visitor arriving redraws the page, and the
// field, its text and the focus stay; a switch of language redraws the
// invitation in the new language with the name typed so far, and the guest
// joins under that name.
func TestInvitationKeepsTypedName(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	browser := newBrowser(t)
	ann := newTab(t, browser, "ann")
	bob := newTab(t, browser, "bob")
	cy := newTab(t, browser, "cy")
	id := createTableForTwo(t, ann, s, choose(`#time-control`, "fast"))
	do(t, bob, 30*time.Second, "Bob opens the link",
		chromedp.Navigate(s.URL+"/tables/"+id),
		visible(`#join-name`),
	)
	waitFor(t, bob, 10*time.Second, "Bob counted as a visitor", `(document.getElementById('spectators')?.textContent || '').includes('1')`)
	eval[bool](t, bob, `(() => { const f = document.getElementById('join-name'); f.value = ''; f.dataset.kept = 'yes'; return true; })()`)
	do(t, bob, 10*time.Second, "Bob types his name", sendKeys(chromedp.CSS(`#join-name`), "Bobby"))

	do(t, cy, 30*time.Second, "Cy opens the link too",
		chromedp.Navigate(s.URL+"/tables/"+id),
		visible(`#join-name`),
	)
	waitFor(t, bob, 10*time.Second, "Bob's page redrawn for Cy", `(document.getElementById('spectators')?.textContent || '').includes('2')`)
	if !eval[bool](t, bob, `document.getElementById('join-name').dataset.kept === 'yes'`) {
		t.Errorf("the name field was rebuilt when Cy arrived")
	}
	if got := eval[string](t, bob, `document.getElementById('join-name').value`); got != "Bobby" {
		t.Errorf("after Cy arrived the name field holds %q; want Bobby", got)
	}
	if got := eval[string](t, bob, `document.activeElement?.id || ''`); got != "join-name" {
		t.Errorf("after Cy arrived the focus is on %q; want the name field", got)
	}
	if eval[bool](t, bob, `/\bnull\b/.test(document.querySelector('main').innerText)`) {
		t.Errorf("the guest's page shows the word null")
	}
	keepShots(t, bob, "invitation")

	do(t, bob, 10*time.Second, "switch to German", choose(`#lang`, "de"))
	waitFor(t, bob, 10*time.Second, "the invitation in German", `document.querySelector('label[for="join-name"]')?.textContent === 'Dein Name'`)
	if got := eval[string](t, bob, `document.getElementById('join-name').value`); got != "Bobby" {
		t.Errorf("after the switch to German the name field holds %q; want Bobby", got)
	}
	do(t, bob, 10*time.Second, "back to English", choose(`#lang`, "en"))
	do(t, bob, 30*time.Second, "Bob joins",
		click(chromedp.CSS(`#join`)),
		visible(`#board svg.hexboard`),
	)
	waitFor(t, ann, 10*time.Second, "Ann sees Bobby seated", `[...document.querySelectorAll('#seats li')].some((li) => li.textContent.includes('Bobby'))`)
}
