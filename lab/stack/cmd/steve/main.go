// Command steve serves rancher/steve for one cluster of the local stack. Upstream's main
// (github.com/rancher/steve) listens on every interface; the stack must stay on loopback,
// so this one passes BindHost to the same server. Flags are upstream's (pkg/server/cli,
// pkg/debug): --kubeconfig, --http-listen-port, --enable-header-auth, --sql-cache, ...
package main

import (
	"os"

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
	app := cli.NewApp()
	app.Name = "steve"
	app.Version = version.FriendlyVersion()
	app.Flags = append(append(stevecli.Flags(&config), debug.Flags(&debugconfig)...),
		&cli.StringFlag{Name: "bind-host", Value: bindHost, Destination: &bindHost})
	app.Action = func(*cli.Context) error {
		ctx := signals.SetupSignalContext()
		debugconfig.MustSetupDebug()
		s, err := config.ToServer(ctx, debugconfig.SQLCache)
		if err != nil {
			return err
		}
		return s.ListenAndServe(ctx, config.HTTPSListenPort, config.HTTPListenPort, &server.ListenOpts{BindHost: bindHost, DisplayServerLogs: true})
	}
	if err := app.Run(os.Args); err != nil {
		logrus.Fatal(err)
	}
}
