// Package account is the domain of Minehall's optional player accounts:
// names ([CheckName]), passwords hashed with argon2id ([HashPassword],
// [VerifyPassword]), session and CSRF tokens ([NewToken], [CSRFToken]),
// the WebAuthn user of an account ([User]), and the ratings of finished
// tables ([Recorder]). Guests need none of it.
package account
