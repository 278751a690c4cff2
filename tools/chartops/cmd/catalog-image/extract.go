package main

import (
	"archive/tar"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/remote"
)

// runExtract pulls the image back and lays one platform's filesystem out in a folder, as a
// container runtime would before starting it, and prints what the runtime would read: the
// platforms in the index and that platform's config. Tests then run the server from there.
func runExtract(args []string) error {
	fs := flag.NewFlagSet("extract", flag.ContinueOnError)
	platform := fs.String("platform", "linux/amd64", "os/arch to extract")
	into := fs.String("into", "", "empty folder to extract the filesystem into")
	plainHTTP := fs.Bool("plain-http", false, "use HTTP, not HTTPS")
	if err := fs.Parse(reorder(args)); err != nil {
		return err
	}
	if fs.NArg() != 1 || *into == "" {
		return fmt.Errorf("usage: catalog-image extract <ref> --platform os/arch --into <dir>")
	}
	ref, err := parseRef(fs.Arg(0), *plainHTTP)
	if err != nil {
		return err
	}
	idx, err := remote.Index(ref, auth())
	if err != nil {
		return classify(ref, err)
	}
	manifest, err := idx.IndexManifest()
	if err != nil {
		return err
	}
	var platforms []string
	var chosen *v1.Descriptor
	for i, m := range manifest.Manifests {
		if m.Platform == nil {
			continue
		}
		p := m.Platform.OS + "/" + m.Platform.Architecture
		platforms = append(platforms, p)
		if p == *platform {
			chosen = &manifest.Manifests[i]
		}
	}
	if chosen == nil {
		return fmt.Errorf("%s has no %s image (has %s)", ref, *platform, strings.Join(platforms, ", "))
	}
	img, err := idx.Image(chosen.Digest)
	if err != nil {
		return classify(ref, err)
	}
	cfg, err := img.ConfigFile()
	if err != nil {
		return err
	}
	layers, err := img.Layers()
	if err != nil {
		return err
	}
	if err := untar(mutate.Extract(img), *into); err != nil {
		return err
	}
	printJSON(map[string]any{
		"ref": ref.String(), "mediaType": manifest.MediaType, "platforms": platforms,
		"os": cfg.OS, "architecture": cfg.Architecture, "config": cfg.Config, "layers": len(layers),
	})
	return nil
}

// reorder puts flags before the positional argument, so `extract <ref> --into x` parses.
func reorder(args []string) []string {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		if strings.HasPrefix(args[i], "-") {
			flags = append(flags, args[i])
			if !strings.Contains(args[i], "=") && args[i] != "--plain-http" && i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
		} else {
			rest = append(rest, args[i])
		}
	}
	return append(flags, rest...)
}

func untar(rc io.ReadCloser, dir string) error {
	defer rc.Close()
	tr := tar.NewReader(rc)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(target, filepath.Clean(dir)+string(os.PathSeparator)) {
			return fmt.Errorf("image file %q leaves the folder", h.Name)
		}
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			f, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, os.FileMode(h.Mode)&0o777)
			if err != nil {
				return err
			}
			_, err = io.Copy(f, tr)
			f.Close()
			if err != nil {
				return err
			}
		default:
			return fmt.Errorf("image file %q: unexpected type %c", h.Name, h.Typeflag)
		}
	}
}
