package game

import "testing"

func TestPhrasebook(t *testing.T) {
	b := &Phrasebook{}
	b.Term("kyanite", map[string]string{"de": "Kyanit"})
	b.Term("orpiment", map[string]string{"de": "Auripigment"})
	b.Say(`no (\w+) left`, map[string]string{"de": "kein {t1} mehr"})
	b.Say(`you give (.+)`, map[string]string{"de": "du gibst {c1}"})
	b.Say(`seat (\d+) waits`, map[string]string{"de": "Platz {1} wartet"})
	b.Say(`([^:]+): (.+)`, map[string]string{"de": "{1}: {s2}"})
	for _, c := range []struct {
		msg, lang, want string
		ok              bool
	}{
		{"no kyanite left", "de", "kein Kyanit mehr", true},
		{"seat 2 waits", "de", "Platz 2 wartet", true},
		{"you give 2 kyanite, 1 orpiment", "de", "du gibst 2 Kyanit, 1 Auripigment", true},
		{"move e4: no orpiment left", "de", "move e4: kein Auripigment mehr", true},
		{"move e4: no quartz left", "de", "", false}, // an unknown term
		{"the pouch is empty", "de", "", false},      // an unknown sentence
		{"seat 2 waits", "fr", "", false},            // no words in that language
		{"anything at all", "en", "anything at all", true},
	} {
		got, ok := b.Translate(c.msg, c.lang)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("Translate(%q, %s) = %q, %v; want %q, %v", c.msg, c.lang, got, ok, c.want, c.ok)
		}
	}
}
