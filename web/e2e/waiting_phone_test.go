package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPhoneWaitingTableOnTheFirstScreen opens a new table with a free seat
// on a phone, as its owner: with no board yet, the seats and "Put a bot
// here" stand on the first screen (the board's room is not kept), and
// "Invite a friend" hands the table's link to the phone's share sheet. On
// a larger screen the link is shown as it is, and the button is not.
func TestPhoneWaitingTableOnTheFirstScreen(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "owner")
	do(t, tab, 30*time.Second, "create a table with a free seat on a phone",
		chromedp.EmulateViewport(390, 844),
		createWithFreeSeat(s.URL, "outofmine"),
		visible(`#invite-share`),
	)
	id := tableOf(t, tab)
	for _, sel := range []string{`#putbot-1`, `#putbot-1-level`, `#invite-share`, `#abort`} {
		if bottom := eval[float64](t, tab, `document.querySelector('`+sel+`').getBoundingClientRect().bottom`); bottom > 844 {
			t.Errorf("%s ends %.0f px down a phone's 844 px screen; want it on the first screen", sel, bottom)
		}
		if height := eval[float64](t, tab, `document.querySelector('`+sel+`').getBoundingClientRect().height`); height < 44 {
			t.Errorf("%s is %.0f px high on a phone; want a tap target of at least 44 px", sel, height)
		}
	}
	eval[bool](t, tab, `(navigator.share = (d) => { window.shared = d; return Promise.resolve(); }, true)`)
	do(t, tab, 10*time.Second, "invite a friend", click(chromedp.CSS(`#invite-share`)))
	waitFor(t, tab, 5*time.Second, "the share sheet offered the table's link", `!!window.shared`)
	if url := eval[string](t, tab, `window.shared.url`); url != s.URL+"/tables/"+id {
		t.Errorf("shared %q; want the table's link %q", url, s.URL+"/tables/"+id)
	}

	do(t, tab, 10*time.Second, "a larger screen", chromedp.EmulateViewport(1280, 900))
	waitFor(t, tab, 5*time.Second, "the link shown and no invite button",
		`getComputedStyle(document.querySelector('#invite-share')).display === 'none' && document.querySelector('.invite input').value === location.origin + '/tables/`+id+`'`)
}
