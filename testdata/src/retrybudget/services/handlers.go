package services

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
)

type API struct {
	orders   *Orders
	payments *PaymentsClient
}

// gin: the request context is c.Request.Context().
func (a *API) GetOrder(c *gin.Context) {
	var state string
	var err error
	for i := 0; i < 3; i++ { // want `retry loop sleeps and retries after the caller's deadline; check c.Request.Context\(\).Err\(\) before each attempt, and wait with select on c\.Request\.Context\(\)\.Done\(\)`
		state, err = a.orders.Get(c.Request.Context(), c.Request.URL.Query().Get("id"))
		if err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		c.JSON(http.StatusBadGateway, err.Error())
		return
	}
	c.JSON(http.StatusOK, state)
}

// gin's context is a context: checking it bounds the loop.
func (a *API) GetOrderChecked(c *gin.Context) {
	for i := 0; i < 3; i++ {
		if c.Err() != nil {
			return
		}
		if _, err := a.orders.Get(c, "x"); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// echo: the request carries the context.
func (a *API) Charge(c echo.Context) error {
	var err error
	for attempt := 1; attempt <= 3; attempt++ { // want `retry loop sleeps and retries after the caller's deadline; check c.Request\(\).Context\(\).Err\(\) before each attempt, and wait with select on c\.Request\(\)\.Context\(\)\.Done\(\)`
		if _, err = a.payments.Charge(c.Request().Context(), Charge{ID: "x"}); err == nil {
			return c.JSON(http.StatusOK, "ok")
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}

// net/http handler with the loop checking r.Context().
func (a *API) Refund(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	for i := 0; i < 3; i++ {
		if err := a.payments.Refund(ctx, r.FormValue("id")); err == nil {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		select {
		case <-ctx.Done():
			http.Error(w, "timeout", http.StatusGatewayTimeout)
			return
		case <-time.After(200 * time.Millisecond):
		}
	}
	http.Error(w, "refund failed", http.StatusBadGateway)
}
