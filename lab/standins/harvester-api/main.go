// Command harvester-api is a stand-in for the one part of Harvester's API server the extension calls:
// `POST /v1/harvester/kubeconfig` (harvester/harvester pkg/api/kubeconfig/generate_handler.go doPost). Harvester's
// own server cannot be built here (its module is refused by the proxy and not among ../shared's archives), so this
// answers it the same way, and reaches Rancher as Harvester does: through the Rancher running in the Harvester
// cluster, which sends every path of a management.cattle.io APIService over a tunnel the API server dials in
// (harvester pkg/data/apiservice.go addAPIService, pkg/server/types.go startAggregation; rancher
// pkg/api/steve/aggregation). Rancher's proxy and the cluster agent in front of it stay Rancher's own.
package main

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"flag"
	"fmt"
	"net/http"
	"time"

	"github.com/harvester/harvester-cloud-ui/lab/stack/cmd/bearer"
	"github.com/rancher/steve/pkg/aggregation"
	"github.com/rancher/wrangler/v3/pkg/signals"
	"github.com/sirupsen/logrus"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
)

var apiServices = schema.GroupVersionResource{Group: "management.cattle.io", Version: "v3", Resource: "apiservices"}

func main() {
	kubeconfig := flag.String("kubeconfig", "", "the Harvester cluster (its own credentials, as Harvester's server uses)")
	namespace := flag.String("namespace", "harvester-system", "Harvester's namespace (ConfigMap vip)")
	apiService := flag.String("apiservice", "harvester", "the APIService Rancher routes /v1/harvester/ by")
	connect := flag.String("connect-url", "", "wss://<the cluster's Rancher>/v3/connect (its Service address is not routed here)")
	listen := flag.String("listen", "", "instead of dialling Rancher: serve plain HTTP here (real mode, where the simulated Rancher's proxy forwards to it)")
	tokenFile := flag.String("token-file", "", "with --listen: the bearer token every request must carry (the proxy's); the tunnel authenticates otherwise")
	flag.Parse()

	cfg, err := clientcmd.BuildConfigFromFlags("", *kubeconfig)
	if err != nil {
		logrus.Fatal(err)
	}
	core := kubernetes.NewForConfigOrDie(cfg)
	dyn := dynamic.NewForConfigOrDie(cfg)
	ctx := signals.SetupSignalContext()

	if *listen != "" {
		// On loopback any process of the machine could call it: only the one holding the token is let in, as only
		// Rancher's tunnel reaches Harvester's own endpoint.
		token, err := bearer.Read(*tokenFile)
		if err != nil {
			logrus.Fatalf("--listen needs --token-file with a token: %v", err)
		}
		logrus.Infof("harvester-api (stand-in): serving /v1/harvester/kubeconfig on %s", *listen)
		server := &http.Server{Addr: *listen, Handler: bearer.Require(token, newHandler(core, *namespace)), ReadHeaderTimeout: 10 * time.Second}
		go func() {
			<-ctx.Done()
			_ = server.Close()
		}()
		if err := server.ListenAndServe(); err != nil && err != http.ErrServerClosed {
			logrus.Fatal(err)
		}
		return
	}
	token := waitForToken(ctx, core, dyn, *apiService)
	logrus.Infof("harvester-api (stand-in): serving /v1/harvester/kubeconfig through %s", *connect)
	// An empty, non-nil CA: the cluster's Rancher serves a self-signed certificate (as Harvester's Secret leaves ca.crt empty).
	aggregation.ListenAndServe(ctx, *connect, []byte{}, token, newHandler(core, *namespace))
}

// waitForToken returns the tunnel's credential as Rancher's APIService controller computes it for the Secret it writes
// (rancher pkg/controllers/dashboard/apiservice/apiservice.go getToken: base64 of the sha256 of the service account's
// token). The Secret's url is a Service's cluster IP, which nothing routes here, so only the token is taken.
func waitForToken(ctx context.Context, core kubernetes.Interface, dyn dynamic.Interface, name string) string {
	for {
		if t, err := tokenOf(ctx, core, dyn, name); err == nil {
			return t
		} else {
			logrus.Infof("harvester-api: waiting for Rancher's service account of APIService %s: %v", name, err)
		}
		select {
		case <-ctx.Done():
			logrus.Fatal("stopped")
		case <-time.After(2 * time.Second):
		}
	}
}

func tokenOf(ctx context.Context, core kubernetes.Interface, dyn dynamic.Interface, name string) (string, error) {
	svc, err := dyn.Resource(apiServices).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return "", err
	}
	status, _ := svc.Object["status"].(map[string]interface{})
	saName, _ := status["serviceAccountName"].(string)
	saNamespace, _ := status["serviceAccountNamespace"].(string)
	if saName == "" || saNamespace == "" {
		return "", fmt.Errorf("no service account in its status yet")
	}
	secrets, err := core.CoreV1().Secrets(saNamespace).List(ctx, metav1.ListOptions{})
	if err != nil {
		return "", err
	}
	for _, s := range secrets.Items {
		if s.Type == corev1.SecretTypeServiceAccountToken && s.Annotations[corev1.ServiceAccountNameKey] == saName && len(s.Data[corev1.ServiceAccountTokenKey]) > 0 {
			sum := sha256.Sum256(s.Data[corev1.ServiceAccountTokenKey])
			return base64.StdEncoding.EncodeToString(sum[:]), nil
		}
	}
	return "", fmt.Errorf("the token Secret of %s/%s is not filled yet", saNamespace, saName)
}
