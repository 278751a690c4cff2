package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/remote"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// Where the upstream image (scripts/extension/helm/package/Dockerfile) keeps what nginx serves,
// and who it runs as; kept the same so the image reads like the one Rancher's docs describe.
const (
	contentsDir = "home/plugin-server/plugin-contents"
	serverPath  = "usr/bin/catalog-server"
	runAs       = "1000:1000"
	port        = "8080/tcp"
)

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func runBuild(args []string) error {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	contents := fs.String("contents", "", "directory served at the image's root (index.yaml, files.txt, plugin/...)")
	refStr := fs.String("ref", "", "image to push, registry/repository:tag")
	created := fs.String("created", "", "RFC 3339 time for the image and its files (same input, same digest)")
	force := fs.Bool("force", false, "overwrite the tag when it exists")
	plainHTTP := fs.Bool("plain-http", false, "use HTTP, not HTTPS")
	var servers, labels multiFlag
	fs.Var(&servers, "server", "os/arch=path of the catalog-server binary for that platform (repeat)")
	fs.Var(&labels, "label", "image label key=value (repeat)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *contents == "" || *refStr == "" || len(servers) == 0 {
		return errors.New("build needs --contents, --ref and at least one --server")
	}
	ref, err := parseRef(*refStr, *plainHTTP)
	if err != nil {
		return err
	}
	when := time.Unix(0, 0).UTC()
	if *created != "" {
		if when, err = time.Parse(time.RFC3339, *created); err != nil {
			return fmt.Errorf("--created: %w", err)
		}
	}
	labelMap := map[string]string{}
	for _, l := range labels {
		k, v, ok := strings.Cut(l, "=")
		if !ok {
			return fmt.Errorf("--label %q is not key=value", l)
		}
		labelMap[k] = v
	}

	contentLayer, err := layerFromDir(*contents, contentsDir, when)
	if err != nil {
		return err
	}
	idx := mutate.IndexMediaType(empty.Index, types.OCIImageIndex)
	for _, s := range servers {
		platform, bin, ok := strings.Cut(s, "=")
		osName, arch, ok2 := strings.Cut(platform, "/")
		if !ok || !ok2 {
			return fmt.Errorf("--server %q is not os/arch=path", s)
		}
		img, err := platformImage(osName, arch, bin, contentLayer, labelMap, when)
		if err != nil {
			return err
		}
		idx = mutate.AppendManifests(idx, mutate.IndexAddendum{
			Add:        img,
			Descriptor: v1.Descriptor{Platform: &v1.Platform{OS: osName, Architecture: arch}},
		})
	}

	if !*force {
		if _, err := remote.Head(ref, auth()); err == nil {
			return &codedError{exitTagExists, fmt.Errorf("%s already exists; publish a new version, or overwrite it with --force", ref)}
		} else if err = classify(ref, err); exitCode(err) != exitNotFound {
			return err
		}
	}
	if err := remote.WriteIndex(ref, idx, auth()); err != nil {
		return classify(ref, err)
	}
	digest, err := idx.Digest()
	if err != nil {
		return err
	}
	printJSON(map[string]any{"ref": ref.String(), "digest": digest.String(), "platforms": len(servers)})
	return nil
}

// platformImage: the server binary for one platform, then the catalog's files (shared by every platform).
func platformImage(osName, arch, bin string, contents v1.Layer, labels map[string]string, when time.Time) (v1.Image, error) {
	serverLayer, err := layerFromFile(bin, serverPath, 0o755, when)
	if err != nil {
		return nil, err
	}
	img := mutate.MediaType(empty.Image, types.OCIManifestSchema1)
	img = mutate.ConfigMediaType(img, types.OCIConfigJSON)
	img, err = mutate.ConfigFile(img, &v1.ConfigFile{
		OS:           osName,
		Architecture: arch,
		Created:      v1.Time{Time: when},
		Config: v1.Config{
			Entrypoint:   []string{"/" + serverPath, "--listen=:8080", "--root=/" + contentsDir},
			WorkingDir:   "/" + contentsDir,
			User:         runAs,
			ExposedPorts: map[string]struct{}{port: {}},
			Labels:       labels,
		},
	})
	if err != nil {
		return nil, err
	}
	img, err = mutate.AppendLayers(img, serverLayer, contents)
	if err != nil {
		return nil, err
	}
	return mutate.CreatedAt(img, v1.Time{Time: when})
}
