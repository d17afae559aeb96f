package game

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// ErrorLocalizer is implemented by games that can say their errors'
// messages (English, as the engine writes them) in the app's other
// languages ([Languages]). LocalizeError returns the message of err in
// lang and true, or "" and false when it has no words for it; the
// English text of an error is its message.
type ErrorLocalizer interface {
	LocalizeError(err error, lang string) (string, bool)
}

// Phrasebook translates an engine's English sentences by their shapes:
// each phrase is a regular expression over a whole sentence with a
// template per language, whose {1}, {2}... are the sentence's groups as
// written, {t1}... the groups looked up among the terms (names of
// pieces, colours) and {s1}... the groups translated as sentences again
// (for "move e4: the way crosses a crevice") and {c1}... the groups with
// every term in them looked up ("2 kyanite, 1 orpiment"). Phrases are tried in the
// order they were added. A Phrasebook is built once and then only read.
type Phrasebook struct {
	phrases []phrase
	terms   map[string]map[string]string // English term -> lang -> words
}

type phrase struct {
	re *regexp.Regexp
	tr map[string]string
}

// Say adds a phrase: pattern (anchored at both ends) and its templates by
// language. It panics on a bad pattern, as regexp.MustCompile does.
func (b *Phrasebook) Say(pattern string, tr map[string]string) {
	b.phrases = append(b.phrases, phrase{regexp.MustCompile("^(?:" + pattern + ")$"), tr})
}

// Term adds the words of an English term in the other languages.
func (b *Phrasebook) Term(en string, tr map[string]string) {
	if b.terms == nil {
		b.terms = map[string]map[string]string{}
	}
	b.terms[en] = tr
}

// SayDeFrNl is [Phrasebook.Say] with the templates in German, French and
// Dutch, the app's languages besides English.
func (b *Phrasebook) SayDeFrNl(pattern, de, fr, nl string) {
	b.Say(pattern, map[string]string{"de": de, "fr": fr, "nl": nl})
}

// Terms adds terms as [Phrasebook.Term] does, each given as its words in
// English, German, French and Dutch.
func (b *Phrasebook) Terms(terms ...[4]string) {
	for _, t := range terms {
		b.Term(t[0], map[string]string{"de": t[1], "fr": t[2], "nl": t[3]})
	}
}

// LocalizeError returns the message of err, an [*Error] as an engine
// writes it, in lang, as [ErrorLocalizer] asks: false when err is no
// [*Error] or its message has no phrase.
func (b *Phrasebook) LocalizeError(err error, lang string) (string, bool) {
	var e *Error
	if !errors.As(err, &e) {
		return "", false
	}
	return b.Translate(e.Message, lang)
}

// Translate returns msg in lang, or "" and false when no phrase matches
// it, a template is missing for lang or a term group names no term. In
// English it returns msg itself.
func (b *Phrasebook) Translate(msg, lang string) (string, bool) {
	if lang == "en" {
		return msg, true
	}
	for _, p := range b.phrases {
		m := p.re.FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		tpl, ok := p.tr[lang]
		if !ok {
			return "", false
		}
		return b.fill(tpl, m, lang)
	}
	return "", false
}

var slot = regexp.MustCompile(`\{([tsc]?)([0-9])\}`)

func (b *Phrasebook) fill(tpl string, groups []string, lang string) (string, bool) {
	ok := true
	out := slot.ReplaceAllStringFunc(tpl, func(s string) string {
		sm := slot.FindStringSubmatch(s)
		i, _ := strconv.Atoi(sm[2])
		if i >= len(groups) {
			ok = false
			return s
		}
		g := groups[i]
		switch sm[1] {
		case "t":
			w, found := b.terms[strings.ToLower(g)][lang]
			if !found {
				ok = false
			}
			return w
		case "c":
			return b.terms2words(g, lang)
		case "s":
			w, found := b.Translate(g, lang)
			if !found {
				ok = false
			}
			return w
		}
		return g
	})
	return out, ok
}

// terms2words replaces every term in s (whole words, longest first) by
// its words in lang.
func (b *Phrasebook) terms2words(s, lang string) string {
	words := strings.Split(s, " ")
	var out []string
	for i := 0; i < len(words); i++ {
		done := false
		for n := 3; n >= 1 && !done; n-- {
			if i+n > len(words) {
				continue
			}
			w := strings.Join(words[i:i+n], " ")
			tail := strings.TrimRight(w, ",;.")
			if tr, ok := b.terms[strings.ToLower(tail)][lang]; ok {
				out = append(out, tr+w[len(tail):])
				i += n - 1
				done = true
			}
		}
		if !done {
			out = append(out, words[i])
		}
	}
	return strings.Join(out, " ")
}
