// Command catalog-image builds, checks and reads the extension catalog image with
// go-containerregistry, without Docker:
//
//	catalog-image build --contents <dir> --server linux/amd64=<bin> ... --ref <image> [--label k=v] [--created <RFC3339>] [--force]
//	catalog-image head <ref>                         # exit 0 + digest when the tag exists, 3 when not
//	catalog-image extract <ref> --platform linux/amd64 --into <dir>
//
// Credentials come from OCI_USERNAME / OCI_PASSWORD (never from flags or URLs), else from the
// Docker config (~/.docker/config.json). --plain-http talks HTTP to a registry without TLS
// (loopback registries always get HTTP). Exit codes tell the caller what went wrong:
// 3 not found, 4 unauthenticated or denied, 5 unreachable, 6 tag exists, 1 anything else.
package main

import (
	"encoding/json"
	"fmt"
	"os"
)

const (
	exitNotFound    = 3
	exitAuth        = 4
	exitUnreachable = 5
	exitTagExists   = 6
)

func main() {
	if len(os.Args) < 2 {
		fail(1, fmt.Errorf("usage: catalog-image build|head|extract ..."))
	}
	var err error
	switch os.Args[1] {
	case "build":
		err = runBuild(os.Args[2:])
	case "head":
		err = runHead(os.Args[2:])
	case "extract":
		err = runExtract(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q (build, head, extract)", os.Args[1])
	}
	if err != nil {
		fail(exitCode(err), err)
	}
}

func fail(code int, err error) {
	fmt.Fprintln(os.Stderr, "catalog-image:", err)
	os.Exit(code)
}

func printJSON(v any) {
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}
