package ai

import (
	"fmt"
	"strings"
)

// SplitCommand splits a command line into words as a POSIX shell does,
// without any expansion (no variables, globs or redirections): blanks
// separate words; single quotes keep everything up to the next single
// quote; double quotes keep blanks, a backslash in them escaping only ",
// \, $ and `; a backslash outside quotes keeps the next character. An
// unterminated quote, a trailing backslash or a command with no words is
// an error.
func SplitCommand(s string) ([]string, error) {
	var (
		words []string
		word  strings.Builder
		in    bool // a word has started (possibly empty, as in '')
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				words = append(words, word.String())
				word.Reset()
				in = false
			}
		case c == '\\':
			if i+1 == len(s) {
				return nil, fmt.Errorf("command %q ends with a backslash", s)
			}
			i++
			word.WriteByte(s[i])
			in = true
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("command %q has an unterminated single quote", s)
			}
			word.WriteString(s[i+1 : i+1+j])
			i += j + 1
			in = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				word.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, fmt.Errorf("command %q has an unterminated double quote", s)
			}
			in = true
		default:
			word.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, word.String())
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("the command is empty")
	}
	return words, nil
}
