// Package api serves the shop's HTTP endpoints.
package api

import (
	"context"
	"fmt"
	"net/http"

	"example.com/shop/billing"
	"example.com/shop/store"
)

// Server wires the endpoints to the store and the payment provider.
type Server struct {
	Orders  *store.Orders
	Billing *billing.Client
}

// Routes registers the endpoints.
func (s *Server) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /orders/{id}", s.order)
	mux.HandleFunc("POST /orders/{id}/pay", s.pay)
	mux.HandleFunc("GET /stats", s.stats)
}

func (s *Server) order(w http.ResponseWriter, r *http.Request) {
	status, err := s.Orders.Status(context.Background(), r.PathValue("id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	fmt.Fprintln(w, status)
}

func (s *Server) pay(w http.ResponseWriter, r *http.Request) {
	if err := s.Billing.Charge(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) stats(w http.ResponseWriter, r *http.Request) {
	n, err := s.Orders.Count()
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	fmt.Fprintln(w, n)
}
