// Command syncrace shows, with the remotedialer Rancher 2.15 and its agent are built with (v0.6.1), what its
// connection sync does to a connection opened as the sync passes: the agent (client) sends the IDs of its open
// connections every 60 s (session.go startPings, SyncConnectionsInterval) and the server closes every connection it
// has that is not in that list (session_sync.go compareAndCloseStaleConnections), including one it has just opened
// and the agent has not yet seen. Rancher's Connected check (pkg/controllers/management/clusterconnected) opens such
// a connection every 15 s for its GET /ping through the cluster's Steve tunnel, and marks the cluster not Connected
// when that GET fails, until the next check.
//
// It runs a remotedialer server and client on loopback, the client's side answering /ping as the agent's Steve does,
// and GETs /ping through the tunnel as the check does (a new connection each time), back to back for -for, then
// prints every failure with its offset from the session's start. Usage: syncrace [-for 130s]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sync/atomic"
	"time"

	"github.com/rancher/remotedialer"
	"github.com/sirupsen/logrus"
)

func main() {
	runFor := flag.Duration("for", 130*time.Second, "how long to GET /ping through the tunnel")
	flag.Parse()
	logrus.SetLevel(logrus.FatalLevel)

	// The agent's side: what its Steve answers.
	backend, err := net.Listen("tcp", "127.0.0.1:0")
	must(err)
	go http.Serve(backend, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "pong") }))

	// Rancher's side: the tunnel server.
	server := remotedialer.New(func(*http.Request) (string, bool, error) { return "agent", true, nil }, remotedialer.DefaultErrorWriter)
	front, err := net.Listen("tcp", "127.0.0.1:0")
	must(err)
	go http.Serve(front, server)

	var started atomic.Int64
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go remotedialer.ConnectToProxy(ctx, "ws://"+front.Addr().String(), nil, func(string, string) bool { return true }, nil,
		func(context.Context, *remotedialer.Session) error { started.Store(time.Now().UnixNano()); return nil })
	for !server.HasSession("agent") || started.Load() == 0 {
		time.Sleep(10 * time.Millisecond)
	}
	start := time.Unix(0, started.Load())
	dial := server.Dialer("agent")
	checks, failures := 0, 0
	for end := time.Now().Add(*runFor); time.Now().Before(end); checks++ {
		// As clusterconnected.hasSession: a new Transport over the tunnel's dialer, one GET, idle connections closed.
		transport := &http.Transport{DialContext: dial}
		at := time.Now()
		resp, err := (&http.Client{Transport: transport}).Get("http://" + backend.Addr().String() + "/ping")
		if err == nil {
			io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				err = fmt.Errorf("status %d", resp.StatusCode)
			}
		}
		transport.CloseIdleConnections()
		if err != nil {
			failures++
			fmt.Printf("GET /ping failed %.3f s after the session started: %v\n", at.Sub(start).Seconds(), err)
		}
	}
	fmt.Printf("%d GETs in %s, %d failed (the agent syncs its connections every %s)\n", checks, *runFor, failures, remotedialer.SyncConnectionsInterval)
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
