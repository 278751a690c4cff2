package main

// POST /v1/harvester/kubeconfig as harvester/harvester (v1.8.2, same at HEAD 3d63c2af) answers it:
// pkg/server/router.go verifyAuthMiddleware, pkg/api/kubeconfig/generate_handler.go decodeRequest, doPost,
// getServerURL, ensureSaAndSecret, createRoleBindingIfNotExists, createClusterRoleBindingIfNotExists,
// generateKubeConfig; pkg/server/http/handler.go writes errors as plain text with the APIError's status.

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/rancher/wrangler/v3/pkg/name"
	"github.com/sirupsen/logrus"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
	clientcmdlatest "k8s.io/client-go/tools/clientcmd/api/latest"
)

const (
	hcpRole = "harvesterhci.io:cloudprovider"
	csiRole = "harvesterhci.io:csi-driver"
)

type request struct {
	ClusterRoleName string `json:"clusterRoleName"`
	Namespace       string `json:"namespace"`
	SaName          string `json:"serviceAccountName"`
}

// apiError is rancher/apiserver's APIError as Harvester's handler prints it: "<code> <status>: <message>".
type apiError struct {
	status int
	code   string
	msg    string
}

func (e apiError) Error() string { return fmt.Sprintf("%s %d: %s", e.code, e.status, e.msg) }

func invalidBody(msg string) apiError {
	return apiError{http.StatusUnprocessableEntity, "InvalidBodyContent", msg}
}
func serverError(msg string) apiError {
	return apiError{http.StatusInternalServerError, "ServerError", msg}
}

type handler struct {
	core      kubernetes.Interface
	namespace string
}

func newHandler(core kubernetes.Interface, namespace string) http.Handler {
	return &handler{core: core, namespace: namespace}
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/harvester/kubeconfig" || r.Method != http.MethodPost {
		http.NotFound(w, r)
		return
	}
	// Harvester limits the endpoint to requests Rancher impersonates a user for; Rancher's proxy decides who.
	if r.Header.Get("Impersonate-Extra-Username") == "" {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte("Unauthorized"))
		return
	}
	kubeconfig, err := h.doPost(r.Context(), r)
	if err != nil {
		status := http.StatusInternalServerError
		if e, ok := err.(apiError); ok {
			status = e.status
		}
		w.WriteHeader(status)
		_, _ = w.Write([]byte(err.Error()))
		return
	}
	// util.ResponseOKWithBody: the kubeconfig as a JSON string.
	body, _ := json.Marshal(kubeconfig)
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}

func (h *handler) doPost(ctx context.Context, r *http.Request) (string, error) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return "", invalidBody("fail to decode request: " + err.Error())
	}
	if req.ClusterRoleName == "" {
		req.ClusterRoleName = hcpRole
	} else if req.ClusterRoleName != hcpRole {
		return "", invalidBody("fail to decode request: invalid request: clusterRoleName can only be " + hcpRole)
	}
	if req.Namespace == "" || req.SaName == "" {
		return "", invalidBody("fail to decode request: invalid request: namespace and serviceAccountName cannot be empty")
	}
	if _, err := h.core.RbacV1().ClusterRoles().Get(ctx, req.ClusterRoleName, metav1.GetOptions{}); err != nil {
		return "", invalidBody(fmt.Sprintf("clusterRole %s is not found: %v", req.ClusterRoleName, err))
	}
	server, err := h.serverURL(ctx)
	if err != nil {
		return "", serverError("failed to get server url: " + err.Error())
	}
	sa, secret, err := h.ensureSaAndSecret(ctx, req.Namespace, req.SaName)
	if err != nil {
		return "", invalidBody("fail to create serviceAccount: " + err.Error())
	}
	if err := h.bind(ctx, sa); err != nil {
		return "", serverError(err.Error())
	}
	logrus.Infof("kubeconfig for service account %s/%s is created", req.Namespace, req.SaName)
	return encode(secret, server)
}

// serverURL: the cluster's VIP (ConfigMap <namespace>/vip, key ip) on the API server's port.
func (h *handler) serverURL(ctx context.Context) (string, error) {
	cm, err := h.core.CoreV1().ConfigMaps(h.namespace).Get(ctx, "vip", metav1.GetOptions{})
	if err != nil {
		return "", err
	}
	vip := cm.Data["ip"]
	if net.ParseIP(vip) == nil {
		return "", fmt.Errorf("invalid vip %s", vip)
	}
	return "https://" + net.JoinHostPort(vip, "6443"), nil
}

func (h *handler) ensureSaAndSecret(ctx context.Context, namespace, saName string) (*corev1.ServiceAccount, *corev1.Secret, error) {
	sas := h.core.CoreV1().ServiceAccounts(namespace)
	sa, err := sas.Get(ctx, saName, metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		sa, err = sas.Create(ctx, &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: saName}}, metav1.CreateOptions{})
	}
	if err != nil {
		return nil, nil, err
	}
	secrets := h.core.CoreV1().Secrets(namespace)
	secretName := name.SafeConcatName(sa.Name, "token")
	if _, err := secrets.Get(ctx, secretName, metav1.GetOptions{}); apierrors.IsNotFound(err) {
		_, err = secrets.Create(ctx, &corev1.Secret{
			ObjectMeta: metav1.ObjectMeta{
				Name: secretName, Namespace: namespace,
				OwnerReferences: []metav1.OwnerReference{{APIVersion: "v1", Kind: rbacv1.ServiceAccountKind, Name: sa.Name, UID: sa.UID}},
				Annotations:     map[string]string{corev1.ServiceAccountNameKey: sa.Name, corev1.ServiceAccountUIDKey: string(sa.UID)},
			},
			Type: corev1.SecretTypeServiceAccountToken,
		}, metav1.CreateOptions{})
		if err != nil {
			return nil, nil, err
		}
	} else if err != nil {
		return nil, nil, err
	}
	// kube-controller-manager's token controller fills it; Harvester waits 3 s, checking every second.
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		time.Sleep(time.Second)
		s, err := secrets.Get(ctx, secretName, metav1.GetOptions{})
		if err != nil {
			return nil, nil, err
		}
		if len(s.Data["ca.crt"]) > 0 && len(s.Data["token"]) > 0 {
			return sa, s, nil
		}
	}
	return nil, nil, fmt.Errorf("timeout while waiting for secret")
}

func (h *handler) bind(ctx context.Context, sa *corev1.ServiceAccount) error {
	bindingName := name.SafeConcatName(sa.Namespace, sa.Name)
	owner := []metav1.OwnerReference{{APIVersion: "v1", Kind: rbacv1.ServiceAccountKind, Name: sa.Name, UID: sa.UID}}
	subjects := []rbacv1.Subject{{Kind: rbacv1.ServiceAccountKind, Namespace: sa.Namespace, Name: sa.Name}}
	rb := &rbacv1.RoleBinding{
		ObjectMeta: metav1.ObjectMeta{Namespace: sa.Namespace, Name: bindingName, OwnerReferences: owner},
		Subjects:   subjects,
		RoleRef:    rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: hcpRole},
	}
	if _, err := h.core.RbacV1().RoleBindings(sa.Namespace).Create(ctx, rb, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
		return fmt.Errorf("fail to create roleBinding: %w", err)
	}
	crb := &rbacv1.ClusterRoleBinding{
		ObjectMeta: metav1.ObjectMeta{Name: bindingName, OwnerReferences: owner},
		Subjects:   subjects,
		RoleRef:    rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: csiRole},
	}
	if _, err := h.core.RbacV1().ClusterRoleBindings().Create(ctx, crb, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
		return fmt.Errorf("fail to create clusterRoleBinding: %w", err)
	}
	return nil
}

func encode(secret *corev1.Secret, server string) (string, error) {
	config := clientcmdapi.NewConfig()
	config.Kind = "Config"
	config.APIVersion = clientcmdlatest.Version
	config.Clusters["default"] = &clientcmdapi.Cluster{Server: server, CertificateAuthorityData: secret.Data["ca.crt"]}
	config.AuthInfos["default"] = &clientcmdapi.AuthInfo{Token: string(secret.Data["token"])}
	config.Contexts["default"] = &clientcmdapi.Context{Cluster: "default", Namespace: secret.Namespace, AuthInfo: "default"}
	config.CurrentContext = "default"
	b := new(strings.Builder)
	if err := clientcmdlatest.Codec.Encode(config, b); err != nil {
		return "", serverError("fail to generate kubeconfig: " + err.Error())
	}
	return b.String(), nil
}
