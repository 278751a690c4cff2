package main

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"

	"github.com/google/go-containerregistry/pkg/authn"
	"github.com/google/go-containerregistry/pkg/name"
	"github.com/google/go-containerregistry/pkg/v1/remote"
	"github.com/google/go-containerregistry/pkg/v1/remote/transport"
)

// codedError carries the exit code the TypeScript side maps to a message.
type codedError struct {
	code int
	err  error
}

func (e *codedError) Error() string { return e.err.Error() }
func (e *codedError) Unwrap() error { return e.err }

func exitCode(err error) int {
	var c *codedError
	if errors.As(err, &c) {
		return c.code
	}
	return 1
}

func parseRef(s string, plainHTTP bool) (name.Reference, error) {
	opts := []name.Option{name.StrictValidation}
	if plainHTTP {
		opts = append(opts, name.Insecure)
	}
	ref, err := name.ParseReference(s, opts...)
	if err != nil {
		return nil, fmt.Errorf("%q is not an image reference with a tag (registry/repository:tag): %w", s, err)
	}
	return ref, nil
}

// auth: OCI_USERNAME/OCI_PASSWORD from the environment, else whatever the Docker config holds.
func auth() remote.Option {
	if u := os.Getenv("OCI_USERNAME"); u != "" {
		return remote.WithAuth(&authn.Basic{Username: u, Password: os.Getenv("OCI_PASSWORD")})
	}
	return remote.WithAuthFromKeychain(authn.DefaultKeychain)
}

// classify turns registry and network failures into coded errors with the registry's name in them.
func classify(ref name.Reference, err error) error {
	if err == nil {
		return nil
	}
	host := ref.Context().RegistryStr()
	var terr *transport.Error
	if errors.As(err, &terr) {
		switch terr.StatusCode {
		case http.StatusUnauthorized, http.StatusForbidden:
			return &codedError{exitAuth, fmt.Errorf("registry %s refused access to %s (HTTP %d): give credentials in OCI_USERNAME and OCI_PASSWORD, or log in with docker/helm", host, ref.Context().RepositoryStr(), terr.StatusCode)}
		case http.StatusNotFound:
			return &codedError{exitNotFound, fmt.Errorf("%s not found", ref)}
		}
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "server gave HTTP response to HTTPS client"):
		return &codedError{exitUnreachable, fmt.Errorf("registry %s speaks HTTP, not HTTPS: add --plain-http", host)}
	case strings.Contains(msg, "x509:") || strings.Contains(msg, "tls:"):
		return &codedError{exitUnreachable, fmt.Errorf("registry %s: TLS failed (%v); for a private CA set SSL_CERT_FILE to its certificate bundle", host, err)}
	}
	var nerr net.Error
	var operr *net.OpError
	if errors.As(err, &operr) || errors.As(err, &nerr) {
		return &codedError{exitUnreachable, fmt.Errorf("cannot reach registry %s: %w", host, err)}
	}
	return err
}
