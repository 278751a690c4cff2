package main

import (
	"flag"
	"fmt"

	"github.com/google/go-containerregistry/pkg/v1/remote"
)

// runHead tells whether a tag exists: the check before a push that must not overwrite one.
func runHead(args []string) error {
	fs := flag.NewFlagSet("head", flag.ContinueOnError)
	plainHTTP := fs.Bool("plain-http", false, "use HTTP, not HTTPS")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: catalog-image head [--plain-http] <registry/repository:tag>")
	}
	ref, err := parseRef(fs.Arg(0), *plainHTTP)
	if err != nil {
		return err
	}
	desc, err := remote.Head(ref, auth())
	if err != nil {
		return classify(ref, err)
	}
	printJSON(map[string]any{"ref": ref.String(), "digest": desc.Digest.String(), "mediaType": desc.MediaType})
	return nil
}
