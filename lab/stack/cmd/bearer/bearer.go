// Package bearer is the gate of the stack's own listeners that have no authentication of
// their own (Steve with header auth, the stand-in of Harvester's API server): only the
// holder of the listener's token is let in, as only Rancher reaches the real ones.
package bearer

import (
	"crypto/subtle"
	"fmt"
	"net/http"
	"os"
	"strings"
)

// Read returns the token in file, refusing an empty one.
func Read(file string) (string, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	token := strings.TrimSpace(string(b))
	if token == "" {
		return "", fmt.Errorf("%s holds no token", file)
	}
	return token, nil
}

// Require lets through only requests with `Authorization: Bearer <token>` (compared in
// constant time) and takes the header away before next sees the request.
func Require(token string, next http.Handler) http.Handler {
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte("Unauthorized"))
			return
		}
		r.Header.Del("Authorization")
		next.ServeHTTP(w, r)
	})
}
