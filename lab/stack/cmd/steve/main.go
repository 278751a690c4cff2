// Command steve serves rancher/steve for one cluster of the local stack. Upstream's main
// (github.com/rancher/steve) listens on every interface; the stack must stay on loopback,
// so this one passes BindHost to the same server. Flags are upstream's (pkg/server/cli,
// pkg/debug): --kubeconfig, --http-listen-port, --enable-header-auth, --sql-cache, ...
// and --token-file: with --enable-header-auth any local process could name any user in
// Impersonate-* headers (or none, and be admin), so only requests that carry the token
// are let in. Rancher's embedded Steve is reached only after Rancher authenticated the
// user; the simulator's proxy plays that part and holds the token.
package main

import (
	"os"

	"github.com/harvester/harvester-cloud-ui/lab/stack/cmd/bearer"
	"github.com/rancher/dynamiclistener/server"
	"github.com/rancher/steve/pkg/debug"
	stevecli "github.com/rancher/steve/pkg/server/cli"
	"github.com/rancher/steve/pkg/version"
	"github.com/rancher/wrangler/v3/pkg/signals"
	"github.com/sirupsen/logrus"
	"github.com/urfave/cli/v2"
)

func main() {
	var config stevecli.Config
	var debugconfig debug.Config
	bindHost := "127.0.0.1"
	tokenFile := ""
	app := cli.NewApp()
	app.Name = "steve"
	app.Version = version.FriendlyVersion()
	app.Flags = append(append(stevecli.Flags(&config), debug.Flags(&debugconfig)...),
		&cli.StringFlag{Name: "bind-host", Value: bindHost, Destination: &bindHost},
		&cli.StringFlag{Name: "token-file", Usage: "the bearer token every request must carry", Destination: &tokenFile})
	app.Action = func(*cli.Context) error {
		ctx := signals.SetupSignalContext()
		debugconfig.MustSetupDebug()
		s, err := config.ToServer(ctx, debugconfig.SQLCache)
		if err != nil {
			return err
		}
		if tokenFile != "" {
			token, err := bearer.Read(tokenFile)
			if err != nil {
				logrus.Fatalf("--token-file: %v", err)
			}
			s.Handler = bearer.Require(token, s.Handler)
		}
		return s.ListenAndServe(ctx, config.HTTPSListenPort, config.HTTPListenPort, &server.ListenOpts{BindHost: bindHost, DisplayServerLogs: true})
	}
	if err := app.Run(os.Args); err != nil {
		logrus.Fatal(err)
	}
}
