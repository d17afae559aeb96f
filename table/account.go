package table

// CheckName normalises and checks a name as a seat's name is checked (NFC,
// no format or control characters, 1 to 32 characters), for account names,
// which follow the same rules.
func CheckName(name string) (string, error) { return checkName(name) }
