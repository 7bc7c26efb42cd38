package password

// DummyHash lets the tests check the dummy hash keeps up with the parameters.
const DummyHash = dummyHash

// CommonList is the embedded deny list as written.
var CommonList = commonList

// Peak returns the most hashes that have run at once since the last call,
// counted inside the gate around the hash itself, and starts a new count.
func Peak() int64 { return peak.Swap(running.Load()) }
