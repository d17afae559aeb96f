package server_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// pushDevice is a browser's push subscription as a test holds it: the
// private key and auth secret the browser keeps, to decrypt what the
// push service delivers.
type pushDevice struct {
	name     string
	key      *ecdh.PrivateKey
	auth     []byte
	endpoint string
}

func newPushDevice(t *testing.T, svc *pushService, name string) *pushDevice {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	d := &pushDevice{name: name, key: key, auth: auth, endpoint: svc.URL + "/push/" + name}
	svc.mu.Lock()
	svc.devices[name] = d
	svc.mu.Unlock()
	return d
}

// subscription is the JSON a browser's PushSubscription.toJSON gives.
func (d *pushDevice) subscription() map[string]any {
	return map[string]any{"endpoint": d.endpoint, "expirationTime": nil, "keys": map[string]string{
		"p256dh": base64.RawURLEncoding.EncodeToString(d.key.PublicKey().Bytes()),
		"auth":   base64.RawURLEncoding.EncodeToString(d.auth)}}
}

// pushed is one push the test push service received and decrypted.
type pushed struct {
	Device string
	Kind   string `json:"kind"`
	Table  string `json:"table"`
	N      int64  `json:"n"`
	Game   string `json:"game"`
	URL    string `json:"url"`
}

// pushService stands in for a browser vendor's push service: it checks
// each push's VAPID authorization against the server's public key,
// decrypts its body as RFC 8291 says with the device's keys, and hands
// the message to the test.
type pushService struct {
	*httptest.Server
	t         *testing.T
	vapidKey  func() string
	mu        sync.Mutex
	devices   map[string]*pushDevice
	delivered chan pushed
}

func newPushService(t *testing.T, vapidKey func() string) *pushService {
	svc := &pushService{t: t, vapidKey: vapidKey, devices: map[string]*pushDevice{}, delivered: make(chan pushed, 64)}
	svc.Server = httptest.NewServer(http.HandlerFunc(svc.serve))
	t.Cleanup(svc.Close)
	return svc
}

func (svc *pushService) serve(w http.ResponseWriter, r *http.Request) {
	svc.mu.Lock()
	d := svc.devices[strings.TrimPrefix(r.URL.Path, "/push/")]
	svc.mu.Unlock()
	if d == nil || r.Method != http.MethodPost {
		http.Error(w, "no such subscription", http.StatusGone)
		return
	}
	body, _ := io.ReadAll(r.Body)
	err := checkVAPID(r, svc.URL, svc.vapidKey())
	if err == nil && r.Header.Get("Content-Encoding") != "aes128gcm" {
		err = fmt.Errorf("Content-Encoding %q; want aes128gcm", r.Header.Get("Content-Encoding"))
	}
	if err == nil && r.Header.Get("TTL") == "" {
		err = errors.New("no TTL header")
	}
	var plain []byte
	if err == nil {
		plain, err = decryptPush(body, d.key, d.auth)
	}
	var p pushed
	if err == nil {
		err = json.Unmarshal(plain, &p)
	}
	if err != nil {
		svc.t.Errorf("push to %s refused: %v", d.name, err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	p.Device = d.name
	svc.delivered <- p
	w.WriteHeader(http.StatusCreated)
}

// checkVAPID checks the Authorization header "vapid t=JWT, k=KEY" (RFC
// 8292): k is the server's public key and signs the JWT (ES256), whose
// audience is the push service's origin.
func checkVAPID(r *http.Request, origin, public string) error {
	h := r.Header.Get("Authorization")
	var tok, k string
	for _, part := range strings.Split(strings.TrimPrefix(h, "vapid "), ",") {
		part = strings.TrimSpace(part)
		if v, ok := strings.CutPrefix(part, "t="); ok {
			tok = v
		} else if v, ok := strings.CutPrefix(part, "k="); ok {
			k = v
		}
	}
	if !strings.HasPrefix(h, "vapid ") || tok == "" || k != public {
		return fmt.Errorf("Authorization %q; want vapid t=…, k=%s", h, public)
	}
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return errors.New("the VAPID token is no JWT")
	}
	pubBytes, _ := base64.RawURLEncoding.DecodeString(k)
	pk, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), pubBytes)
	if err != nil {
		return fmt.Errorf("k is no P-256 point: %v", err)
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return errors.New("the VAPID token's signature is no ES256 signature")
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pk, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return errors.New("the VAPID token's signature does not check with k")
	}
	claims, _ := base64.RawURLEncoding.DecodeString(parts[1])
	var c struct {
		Aud string `json:"aud"`
		Sub string `json:"sub"`
	}
	if err := json.Unmarshal(claims, &c); err != nil || c.Aud != origin || c.Sub == "" {
		return fmt.Errorf("VAPID claims %s; want aud %s and a sub", claims, origin)
	}
	return nil
}

// decryptPush decrypts an aes128gcm push body (RFC 8188 framing, keys of
// RFC 8291) with the user agent's private key and auth secret.
func decryptPush(body []byte, ua *ecdh.PrivateKey, auth []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("the body is shorter than its header")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if idlen != 65 || len(body) < 21+idlen {
		return nil, fmt.Errorf("keyid of %d bytes; want the sender's 65-byte public key", idlen)
	}
	asPublic, ct := body[21:21+idlen], body[21+idlen:]
	if uint32(len(ct)) > rs {
		return nil, fmt.Errorf("%d bytes of ciphertext in a record of %d: want one record", len(ct), rs)
	}
	as, err := ecdh.P256().NewPublicKey(asPublic)
	if err != nil {
		return nil, fmt.Errorf("the sender's key: %v", err)
	}
	secret, err := ua.ECDH(as)
	if err != nil {
		return nil, err
	}
	// RFC 8291 section 3.3: the input keying material from the ECDH
	// secret and the auth secret, bound to both public keys.
	prkKey, err := hkdf.Extract(sha256.New, secret, auth)
	if err != nil {
		return nil, err
	}
	keyInfo := "WebPush: info\x00" + string(ua.PublicKey().Bytes()) + string(asPublic)
	ikm, err := hkdf.Expand(sha256.New, prkKey, keyInfo, 32)
	if err != nil {
		return nil, err
	}
	// RFC 8188 section 2.2 and 2.3: content key and nonce.
	prk, err := hkdf.Extract(sha256.New, ikm, salt)
	if err != nil {
		return nil, err
	}
	cek, err := hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, err
	}
	nonce, err := hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, ct, nil)
	if err != nil {
		return nil, fmt.Errorf("the record does not decrypt: %v", err)
	}
	// The last record ends with the delimiter 2, then zero padding.
	plain = bytes.TrimRight(plain, "\x00")
	if len(plain) == 0 || plain[len(plain)-1] != 2 {
		return nil, errors.New("the record does not end with the last record's delimiter")
	}
	return plain[:len(plain)-1], nil
}
