// Package billing calls the payment provider.
package billing

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Client talks to the payment provider over HTTP.
type Client struct {
	HTTP    *http.Client
	BaseURL string
}

// Charge retries the provider three times, sleeping between attempts, and
// never asks whether the caller is still waiting.
func (c *Client) Charge(ctx context.Context, orderID string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = c.post(ctx, "/charge?order="+orderID)
		if err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

// Refund is the budget-aware version: it stops when the caller does.
func (c *Client) Refund(ctx context.Context, orderID string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.post(ctx, "/refund?order="+orderID); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return err
}

// Health asks the provider whether it is up, without the caller's context.
func (c *Client) Health(ctx context.Context) error {
	resp, err := http.Get(c.BaseURL + "/health")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New("payment provider unhealthy")
	}
	return nil
}

func (c *Client) post(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 500 {
		return errors.New(resp.Status)
	}
	return nil
}
