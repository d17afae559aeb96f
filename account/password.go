package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"minehall/game"
)

// Password rules: at least MinPassword characters, at most MaxPassword
// bytes (argon2 would hash more, but nobody types it).
const (
	MinPassword = 10
	MaxPassword = 1024
)

// Argon2id parameters of [DefaultCost]: 19 MiB, 2 passes (OWASP's
// recommendation for argon2id); every hash has 1 lane, a 16-byte salt and
// a 32-byte key.
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	saltLen      = 16
	keyLen       = 32
)

// Cost is the work of one argon2id hash: MemoryKiB of memory, passed over
// Time times. A hash records its cost, so [VerifyPassword] verifies a hash
// of any cost.
type Cost struct {
	MemoryKiB, Time uint32
}

// DefaultCost is the cost of [HashPassword], the one a server hashes new
// passwords at: 19 MiB, 2 passes.
var DefaultCost = Cost{MemoryKiB: argonMemory, Time: argonTime}

// MinCost is the least cost argon2id allows, 8 KiB and 1 pass: no
// protection at all, for tests that make many accounts.
var MinCost = Cost{MemoryKiB: 8 * argonThreads, Time: 1}

// CheckPassword refuses a password that is too short, too long, not
// UTF-8, or nothing but white space.
func CheckPassword(pw string) error {
	switch {
	case !utf8.ValidString(pw):
		return game.Errorf(game.CodeInvalid, "the password is not valid UTF-8")
	case len(pw) > MaxPassword:
		return game.Errorf(game.CodeInvalid, "the password is longer than %d bytes", MaxPassword)
	case utf8.RuneCountInString(pw) < MinPassword:
		return game.Errorf(game.CodeInvalid, "the password needs at least %d characters", MinPassword)
	case strings.TrimFunc(pw, unicode.IsSpace) == "":
		return game.Errorf(game.CodeInvalid, "the password is only spaces; choose one with other characters")
	}
	return nil
}

// HashPassword checks pw and returns its argon2id hash at [DefaultCost]
// with a random salt, in the PHC string format
// ($argon2id$v=19$m=...,t=...,p=...$salt$key).
func HashPassword(pw string) (string, error) { return DefaultCost.hash(pw) }

// hash is [HashPassword] at cost c.
func (c Cost) hash(pw string) (string, error) {
	if err := CheckPassword(pw); err != nil {
		return "", err
	}
	salt := make([]byte, saltLen)
	rand.Read(salt)
	return encode(c.MemoryKiB, c.Time, argonThreads, salt, argon2.IDKey([]byte(pw), salt, c.Time, c.MemoryKiB, argonThreads, keyLen)), nil
}

func encode(m, t uint32, p uint8, salt, key []byte) string {
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, m, t, p, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// VerifyPassword reports whether pw is the password of encoded, a hash of
// HashPassword, comparing in constant time. A malformed hash is an error.
func VerifyPassword(pw, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, fmt.Errorf("account: not an argon2id hash")
	}
	var v int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return false, fmt.Errorf("account: argon2 version %q is not %d", parts[2], argon2.Version)
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || t == 0 || p == 0 {
		return false, fmt.Errorf("account: argon2 parameters %q are not valid", parts[3])
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	key, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(key) == 0 {
		return false, fmt.Errorf("account: the hash's salt or key is not base64")
	}
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(key)))
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

// dummyHash returns a hash of cost c that no password matches: what a
// sign-in for an unknown name verifies against, so that it takes as long
// as one for a known name.
func (c Cost) dummyHash() string {
	salt := make([]byte, saltLen)
	rand.Read(salt)
	return encode(c.MemoryKiB, c.Time, argonThreads, salt, make([]byte, keyLen))
}
