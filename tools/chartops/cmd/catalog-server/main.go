// Command catalog-server is the web server of the extension catalog image. Rancher's shell builds
// that image on SUSE BCI with nginx (@rancher/shell scripts/extension/helm/package: nginx.conf
// serves /home/plugin-server/plugin-contents on port 8080, autoindex on). This image is built
// without a base image or Docker, so it carries this static server instead, doing the same: files
// under the root, directory listings, no other routes. Stdlib only, so it builds for any arch.
package main

import (
	"flag"
	"log"
	"net/http"
	"os"
	"time"
)

func main() {
	listen := flag.String("listen", "", "address to listen on (the image passes :8080, as nginx.conf does)")
	root := flag.String("root", "/home/plugin-server/plugin-contents", "directory to serve")
	flag.Parse()
	if *listen == "" {
		log.Fatal("catalog-server: --listen is required")
	}
	if st, err := os.Stat(*root); err != nil || !st.IsDir() {
		log.Fatalf("catalog-server: root %s is not a directory", *root)
	}
	srv := &http.Server{
		Addr:              *listen,
		Handler:           logRequests(http.FileServer(http.Dir(*root))),
		ReadHeaderTimeout: 10 * time.Second,
	}
	log.Printf("catalog-server: serving %s on %s", *root, *listen)
	log.Fatal(srv.ListenAndServe())
}

// logRequests writes one line per request, as nginx's access log would, for kubectl logs.
func logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &status{ResponseWriter: w, code: http.StatusOK}
		next.ServeHTTP(rec, r)
		log.Printf("%s %s %d", r.Method, r.URL.Path, rec.code)
	})
}

type status struct {
	http.ResponseWriter
	code int
}

func (s *status) WriteHeader(code int) {
	s.code = code
	s.ResponseWriter.WriteHeader(code)
}
