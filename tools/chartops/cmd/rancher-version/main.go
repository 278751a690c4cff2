// Command rancher-version answers whether Rancher at a version lists a chart whose
// catalog.cattle.io/rancher-version annotation is the given constraint, the way Rancher's server
// decides it (rancher/rancher pkg/catalogv2/content/content.go filterReleases, same semver library):
// the constraint is validated against the server version, and when it fails only because the
// version is a prerelease the constraint does not look for, the version without its prerelease is
// checked instead.
//
//	rancher-version '<constraint>' <version>   # exit 0: listed; 7: not listed; 1: bad input
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/Masterminds/semver/v3"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: rancher-version '<constraint>' <rancher version>")
		os.Exit(1)
	}
	constraint, err := semver.NewConstraint(os.Args[1])
	if err != nil {
		fmt.Fprintf(os.Stderr, "rancher-version: constraint %q: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	version, err := semver.NewVersion(os.Args[2])
	if err != nil {
		fmt.Fprintf(os.Stderr, "rancher-version: Rancher version %q: %v\n", os.Args[2], err)
		os.Exit(1)
	}
	ok, errs := constraint.Validate(version)
	for _, e := range errs {
		if strings.Contains(e.Error(), "the constraint is only looking for release versions") {
			release, _ := version.SetPrerelease("")
			ok = constraint.Check(&release)
			break
		}
	}
	if !ok {
		fmt.Printf("Rancher %s does not list a chart for %s\n", version, os.Args[1])
		os.Exit(7)
	}
	fmt.Printf("Rancher %s lists a chart for %s\n", version, os.Args[1])
}
