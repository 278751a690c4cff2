package main

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// Layers are built in memory (a catalog is a few MiB) with fixed times, owners and order, so the
// same files give the same digests: a republish that changed nothing pushes nothing new.
func layerFromBytes(buf []byte) (v1.Layer, error) {
	return tarball.LayerFromOpener(func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(buf)), nil
	}, tarball.WithMediaType(types.OCILayer))
}

// dirEntries writes target's folders, root's but the last, which is owner's.
func dirEntries(tw *tar.Writer, target string, owner int, when time.Time) error {
	parts := strings.Split(target, "/")
	for i := 1; i <= len(parts); i++ {
		id := 0
		if i == len(parts) {
			id = owner
		}
		if err := tw.WriteHeader(&tar.Header{
			Typeflag: tar.TypeDir, Name: strings.Join(parts[:i], "/") + "/", Mode: 0o755, ModTime: when, Uid: id, Gid: id, Format: tar.FormatPAX,
		}); err != nil {
			return err
		}
	}
	return nil
}

func writeFile(tw *tar.Writer, name string, data []byte, mode int64, owner int, when time.Time) error {
	if err := tw.WriteHeader(&tar.Header{
		Typeflag: tar.TypeReg, Name: name, Mode: mode, Size: int64(len(data)), ModTime: when, Uid: owner, Gid: owner, Format: tar.FormatPAX,
	}); err != nil {
		return err
	}
	_, err := tw.Write(data)
	return err
}

func layerFromFile(src, target string, mode int64, when time.Time) (v1.Layer, error) {
	data, err := os.ReadFile(src)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	if err := dirEntries(tw, path.Dir(target), 0, when); err != nil {
		return nil, err
	}
	if err := writeFile(tw, target, data, mode, 0, when); err != nil {
		return nil, err
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return layerFromBytes(buf.Bytes())
}

// layerFromDir puts every regular file under dir at target/<relative path>, mode 0644, owned by
// the user the server runs as (the upstream Dockerfile chowns the same folder).
func layerFromDir(dir, target string, when time.Time) (v1.Layer, error) {
	var files, dirs []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case rel == ".":
		case d.IsDir():
			dirs = append(dirs, filepath.ToSlash(rel))
		case d.Type().IsRegular():
			files = append(files, filepath.ToSlash(rel))
		default:
			return fmt.Errorf("%s: only regular files and folders can go into the image", p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(dirs)
	sort.Strings(files)
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	if err := dirEntries(tw, target, 1000, when); err != nil {
		return nil, err
	}
	for _, d := range dirs {
		if err := tw.WriteHeader(&tar.Header{
			Typeflag: tar.TypeDir, Name: target + "/" + d + "/", Mode: 0o755, ModTime: when, Uid: 1000, Gid: 1000, Format: tar.FormatPAX,
		}); err != nil {
			return nil, err
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			return nil, err
		}
		if err := writeFile(tw, target+"/"+f, data, 0o644, 1000, when); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return layerFromBytes(buf.Bytes())
}
