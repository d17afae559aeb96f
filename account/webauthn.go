package account

import (
	"encoding/json"
	"fmt"

	"github.com/go-webauthn/webauthn/webauthn"

	"minehall/store"
)

// User is an account as the WebAuthn library sees it: its ID is the user
// handle, its name the account's name, its credentials its passkeys.
type User struct {
	Account *store.Account
	Creds   []webauthn.Credential
}

var _ webauthn.User = (*User)(nil)

// WebAuthnID implements webauthn.User.
func (u *User) WebAuthnID() []byte { return []byte(u.Account.ID) }

// WebAuthnName implements webauthn.User.
func (u *User) WebAuthnName() string { return u.Account.Name }

// WebAuthnDisplayName implements webauthn.User.
func (u *User) WebAuthnDisplayName() string { return u.Account.Name }

// WebAuthnCredentials implements webauthn.User.
func (u *User) WebAuthnCredentials() []webauthn.Credential { return u.Creds }

// NewUser decodes the stored passkeys of a.
func NewUser(a *store.Account, creds []store.Credential) (*User, error) {
	u := &User{Account: a}
	for _, c := range creds {
		var wc webauthn.Credential
		if err := json.Unmarshal(c.Data, &wc); err != nil {
			return nil, fmt.Errorf("account: passkey of %s: %w", a.ID, err)
		}
		u.Creds = append(u.Creds, wc)
	}
	return u, nil
}

// EncodeCredential encodes a passkey for the store.
func EncodeCredential(accountID string, c *webauthn.Credential) (store.Credential, error) {
	b, err := json.Marshal(c)
	if err != nil {
		return store.Credential{}, fmt.Errorf("account: encode passkey: %w", err)
	}
	return store.Credential{ID: c.ID, AccountID: accountID, Data: b}, nil
}
