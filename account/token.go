package account

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
)

// NewToken returns a random token (32 bytes, base64url) and its SHA-256,
// which is all a store keeps of it.
func NewToken() (token string, hash []byte) {
	b := make([]byte, 32)
	rand.Read(b)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token)
}

// HashToken returns the SHA-256 of a token.
func HashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// NewID returns a random account ID: 16 bytes in hex. It is also the
// account's WebAuthn user handle.
func NewID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// CSRFToken returns the CSRF token of a session: an HMAC of its cookie's
// token, so that only who can read the session's cookie or its GET
// /api/account answer knows it, and the server need not store it.
func CSRFToken(sessionToken string) string {
	m := hmac.New(sha256.New, []byte("minehall csrf"))
	m.Write([]byte(sessionToken))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// CSRFMatches reports, in constant time, whether got is the CSRF token of
// sessionToken.
func CSRFMatches(sessionToken, got string) bool {
	want := CSRFToken(sessionToken)
	return got != "" && subtle.ConstantTimeCompare([]byte(want), []byte(got)) == 1
}
