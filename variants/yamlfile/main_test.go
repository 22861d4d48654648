package yamlfile

import (
	"testing"

	"github.com/rummy-referee/rummy/variants/fuzzcap"
)

// TestMain bounds the fuzzer's minimising of each new input (fuzzcap).
func TestMain(m *testing.M) { fuzzcap.Run(m) }
