// Command registry is distribution/distribution's registry (upstream's cmd/registry main) with
// only the drivers a test on this machine needs: filesystem storage and htpasswd auth. Upstream's
// main also links the S3, GCS and Azure drivers, which triple the build for nothing used here.
// Usage as upstream: registry serve <config.yml>.
package main

import (
	"os"

	"github.com/distribution/distribution/v3/registry"
	_ "github.com/distribution/distribution/v3/registry/auth/htpasswd"
	_ "github.com/distribution/distribution/v3/registry/storage/driver/filesystem"
)

func main() {
	if err := registry.RootCmd.Execute(); err != nil {
		os.Exit(1)
	}
}
