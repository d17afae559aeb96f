// Package account is the domain of Minehall's optional player accounts:
// names ([CheckName]), passwords hashed with argon2id ([HashPassword],
// [VerifyPassword]), session and CSRF tokens ([NewToken], [CSRFToken]),
// the WebAuthn user of an account ([User]), and the ratings of finished
// tables: what a table's result counts for ([ResultOf]: only games really
// played are rated), recording it ([Recorder]) and recomputing every
// rating from the records ([Recompute]). Guests need none of it.
package account
