package table

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
)

// newToken returns a random 128-bit token as 32 hex digits, and its hash.
func newToken() (token string, hash []byte) {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand panics instead)
	token = hex.EncodeToString(b[:])
	return token, hashToken(token)
}

// hashToken returns the SHA-256 of a token: what is stored and compared.
func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// tokenMatches compares the hash of token with want in constant time.
func tokenMatches(token string, want []byte) bool {
	if len(want) == 0 {
		return false
	}
	return subtle.ConstantTimeCompare(hashToken(token), want) == 1
}

// newID returns a random table id: 16 hex digits, unguessable enough that a
// link is an invitation.
func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
