// Command etcd runs an embedded etcd server (go.etcd.io/etcd/server/v3/embed) for
// the local stack: one member, loopback only, data in the directory given. With
// --cert-file, --key-file and --trusted-ca-file both listeners are https and ask every
// client and peer for a certificate of that CA (etcd's --client-cert-auth and
// --peer-client-cert-auth): plain etcd on loopback let any local process read every Secret.
package main

import (
	"flag"
	"log"
	"net/url"
	"os"
	"os/signal"
	"syscall"

	"go.etcd.io/etcd/client/pkg/v3/transport"
	"go.etcd.io/etcd/server/v3/embed"
)

func main() {
	dir := flag.String("data-dir", "", "data directory")
	client := flag.String("listen-client-url", "http://127.0.0.1:2379", "client URL (loopback)")
	peer := flag.String("listen-peer-url", "http://127.0.0.1:2380", "peer URL (loopback)")
	quota := flag.Int64("quota-backend-bytes", 2<<30, "backend quota")
	certFile := flag.String("cert-file", "", "serving (and peer) certificate")
	keyFile := flag.String("key-file", "", "its key")
	caFile := flag.String("trusted-ca-file", "", "the CA clients' and peers' certificates must come from")
	flag.Parse()
	if *dir == "" {
		log.Fatal("etcd: --data-dir is required")
	}
	cfg := embed.NewConfig()
	cfg.Dir = *dir
	cu, err := url.Parse(*client)
	if err != nil {
		log.Fatalf("etcd: client URL: %v", err)
	}
	pu, err := url.Parse(*peer)
	if err != nil {
		log.Fatalf("etcd: peer URL: %v", err)
	}
	cfg.ListenClientUrls = []url.URL{*cu}
	cfg.AdvertiseClientUrls = []url.URL{*cu}
	cfg.ListenPeerUrls = []url.URL{*pu}
	cfg.AdvertisePeerUrls = []url.URL{*pu}
	cfg.InitialCluster = cfg.Name + "=" + pu.String()
	cfg.QuotaBackendBytes = *quota
	if *certFile != "" || *keyFile != "" || *caFile != "" {
		if *certFile == "" || *keyFile == "" || *caFile == "" {
			log.Fatal("etcd: --cert-file, --key-file and --trusted-ca-file go together")
		}
		tls := transport.TLSInfo{CertFile: *certFile, KeyFile: *keyFile, TrustedCAFile: *caFile, ClientCertAuth: true}
		cfg.ClientTLSInfo = tls
		cfg.PeerTLSInfo = tls
		cfg.ClientAutoTLS = false
		cfg.PeerAutoTLS = false
	}
	cfg.LogLevel = "warn"
	// embed.NewConfig leaves this 0 (only etcd's flag has the 300 ms default), and then every request is "expensive":
	// each one was logged at warn with its content, 175,584 lines (88 MB) in one run of the real project's flows.
	cfg.WarningUnaryRequestDuration = embed.DefaultWarningUnaryRequestDuration
	// A test stack: fsync on every write only slows the suites down.
	cfg.UnsafeNoFsync = true
	e, err := embed.StartEtcd(cfg)
	if err != nil {
		log.Fatalf("etcd: %v", err)
	}
	defer e.Close()
	<-e.Server.ReadyNotify()
	log.Printf("etcd ready on %s", cu)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	select {
	case err := <-e.Err():
		log.Fatalf("etcd: %v", err)
	case <-sig:
	}
}
