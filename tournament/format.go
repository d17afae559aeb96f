package tournament

// Format names a tournament format, as stored and sent to clients.
type Format string

// The formats. Swiss suits turn-based games (Minerals, TF22 Mine), Arena
// real-time ones (Out of Mine, Hammer Time); the runner decides which game
// may use which.
const (
	FormatSwiss Format = "swiss"
	FormatArena Format = "arena"
)
