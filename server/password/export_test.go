package password

// DummyHash lets the tests check the dummy hash keeps up with the parameters.
const DummyHash = dummyHash

// CommonList is the embedded deny list as written.
var CommonList = commonList
