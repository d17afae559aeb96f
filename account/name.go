package account

import (
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"minehall/game"
	"minehall/table"
)

// CheckName normalises an account name and checks it: the rules of a seat's
// name (NFC, no format or control characters, 1 to 32 characters), and no
// colon, which marks the rated identities of bots ("bot:easy"). It returns
// the name to show and its key, the case-folded NFC form under which names
// are unique ("Ann" and "ANN" are one name).
func CheckName(name string) (shown, key string, err error) {
	shown, err = table.CheckName(name)
	if err != nil {
		return "", "", err
	}
	if strings.ContainsRune(shown, ':') {
		return "", "", game.Errorf(game.CodeInvalid, "an account name may not hold a colon")
	}
	return shown, NameKey(shown), nil
}

// NameKey is the key of an already checked name: case-folded, then NFC.
func NameKey(name string) string {
	return norm.NFC.String(cases.Fold().String(name))
}
