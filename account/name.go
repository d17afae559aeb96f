package account

import (
	"fmt"
	"strings"

	"go.mau.fi/util/confusable"
	"golang.org/x/text/secure/precis"

	"minehall/game"
	"minehall/store"
	"minehall/table"
)

// CheckName normalises an account name and checks it: the rules of a seat's
// name (NFC, format characters dropped, no control characters, 1 to 32
// characters), then, space-separated part by part, the PRECIS
// UsernameCasePreserved profile of RFC 8265 (widths mapped, so "Ｖｉｃ"
// becomes "Vic"; compatibility characters such as "𝐕", emoji and symbols
// of mixed direction refused), single spaces between parts, and no colon,
// which marks the rated identities of bots ("bot:easy", "bot：easy").
//
// It returns the name to show and its key, the UsernameCaseMapped form
// under which names are unique ("Ann" and "ANN" are one name). A name that
// passes may still be reserved or look like another: see [Skeleton] and
// [Reserved].
func CheckName(name string) (shown, key string, err error) {
	seat, err := table.CheckName(name)
	if err != nil {
		return "", "", err
	}
	parts := strings.Split(seat, " ")
	shownParts := make([]string, len(parts))
	keyParts := make([]string, len(parts))
	for i, p := range parts {
		if p == "" {
			return "", "", game.Errorf(game.CodeInvalid, "the name %q has two spaces in a row; separate its words with one", seat)
		}
		if shownParts[i], err = precis.UsernameCasePreserved.String(p); err != nil {
			return "", "", game.Errorf(game.CodeInvalid, "the name %q %s", seat, whyNot(p))
		}
		if keyParts[i], err = precis.UsernameCaseMapped.String(p); err != nil {
			return "", "", game.Errorf(game.CodeInvalid, "the name %q %s", seat, whyNot(p))
		}
	}
	shown, key = strings.Join(shownParts, " "), strings.Join(keyParts, " ")
	if strings.ContainsRune(shown, ':') {
		return "", "", game.Errorf(game.CodeInvalid, "an account name may not hold a colon")
	}
	return shown, key, nil
}

// whyNot says which character of a word keeps it from being a PRECIS
// username, or that its characters mix directions.
func whyNot(word string) string {
	for _, r := range word {
		if _, err := precis.UsernameCasePreserved.String(string(r)); err != nil {
			return fmt.Sprintf("holds %q (U+%04X), which an account name may not hold: use letters, digits and ordinary punctuation", r, r)
		}
	}
	return "mixes right-to-left and left-to-right characters in one word"
}

// NameKey is the key of a name that [CheckName] accepts; for a name it
// refuses, the name in lower case, which no account made since has (an
// account's key passed CheckName).
func NameKey(name string) string {
	if _, key, err := CheckName(name); err == nil {
		return key
	}
	return strings.ToLower(name)
}

// Skeleton is the confusable skeleton (Unicode UTS #39) of a name's key:
// two names that look alike ("victim" in Latin letters and "vіctim" with a
// Cyrillic і, "rn" and "m") have the same skeleton. Accounts are unique by
// skeleton as well as by key.
func Skeleton(key string) string {
	return confusable.Skeleton(key)
}

// Rekey returns the key and skeleton of a stored account's name, for
// [store.AccountSecurity.RekeyAccounts]; false if the name no longer
// passes CheckName.
func Rekey(name string) (key, skeleton string, ok bool) {
	_, key, err := CheckName(name)
	if err != nil {
		return "", "", false
	}
	return key, Skeleton(key), true
}

// reservedWords are names no account may take, nor any that looks like
// one: words that would pass for the site, its staff, a guest, a bot or a
// deleted account.
var reservedWords = []string{"bot", "guest", "admin", "minehall", DeletedName}

// DeletedName is the name a deleted account's seats keep in the records of
// the tables it played.
const DeletedName = store.DeletedName

// Reserved is a set of reserved names, kept as skeletons.
type Reserved map[string]bool

// NewReserved returns the reserved names: the fixed words ("bot",
// "guest", "admin", "minehall", "deleted player") and the bot levels
// given (every game's, such as "easy" and "hard").
func NewReserved(botLevels []string) Reserved {
	r := Reserved{}
	for _, w := range append(append([]string{}, reservedWords...), botLevels...) {
		r[Skeleton(strings.ToLower(w))] = true
	}
	return r
}

// BotLevels returns the bot levels of every game of reg, each once.
func BotLevels(reg *game.Registry) []string {
	seen := map[string]bool{}
	var out []string
	for _, g := range reg.Games() {
		for _, b := range table.BotNames(g) {
			if !seen[b] {
				seen[b] = true
				out = append(out, b)
			}
		}
	}
	return out
}

// Check refuses a name whose key looks like a reserved name.
func (r Reserved) Check(shown, key string) error {
	if r[Skeleton(key)] {
		return game.Errorf(game.CodeInvalid, "the name %q is reserved (it reads as a bot, a guest, the site or its staff); choose another", shown)
	}
	return nil
}
