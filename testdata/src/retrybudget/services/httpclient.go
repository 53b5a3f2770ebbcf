// Package services is service code of several kinds (HTTP clients, a
// database layer, gRPC clients, queue workers, web handlers) with the
// retries such code writes, reported and left alone.
package services

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"
)

type PaymentsClient struct {
	hc         *http.Client
	baseURL    string
	maxRetries int
	logger     *slog.Logger
}

type Charge struct {
	ID     string `json:"id"`
	Amount int64  `json:"amount"`
}

// Retry-After honoured, status retries, counter exit inside for {}.
func (c *PaymentsClient) Charge(ctx context.Context, ch Charge) (*Charge, error) {
	body, err := json.Marshal(ch)
	if err != nil {
		return nil, err
	}
	attempt := 0
	for { // want `retry loop sleeps and retries after the caller's deadline; check ctx.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/charges", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", ch.ID)
		resp, err := c.hc.Do(req)
		if err != nil {
			attempt++
			if attempt >= c.maxRetries {
				return nil, fmt.Errorf("charge: %w", err)
			}
			c.logger.WarnContext(ctx, "charge failed, retrying", "attempt", attempt, "err", err)
			time.Sleep(time.Duration(attempt) * 250 * time.Millisecond)
			continue
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			wait, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
			resp.Body.Close()
			attempt++
			if attempt >= c.maxRetries {
				return nil, errors.New("charge: rate limited")
			}
			time.Sleep(time.Duration(wait) * time.Second)
			continue
		}
		defer resp.Body.Close()
		var out Charge
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			return nil, err
		}
		return &out, nil
	}
}

// The same client done right: select on ctx.Done() for the wait.
func (c *PaymentsClient) Refund(ctx context.Context, id string) error {
	var lastErr error
	for attempt := 0; attempt <= c.maxRetries; attempt++ {
		if attempt > 0 {
			t := time.NewTimer(backoffFor(attempt))
			select {
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			case <-t.C:
			}
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/refunds/"+id, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			lastErr = err
			continue
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			lastErr = fmt.Errorf("refund: status %d", resp.StatusCode)
			continue
		}
		return nil
	}
	return lastErr
}

func backoffFor(attempt int) time.Duration {
	return time.Duration(1<<attempt) * 100 * time.Millisecond
}

// Status arithmetic and a retry predicate on the response.
func (c *PaymentsClient) Status(ctx context.Context, id string) (string, error) {
	url := c.baseURL + "/charges/" + id
	for i := 0; i < 4; i++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.hc.Do(req)
		if err != nil {
			return "", err
		}
		if resp.StatusCode/100 == 5 {
			resp.Body.Close()
			time.Sleep(backoffFor(i))
			continue
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		return string(b), err
	}
	return "", errors.New("status: unavailable")
}

func (c *PaymentsClient) List(ctx context.Context) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/charges", nil)
	if err != nil {
		return nil, err
	}
	for i := 0; i < 3; i++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		resp, err := c.hc.Do(req)
		if shouldRetry(resp, err) {
			if resp != nil {
				resp.Body.Close()
			}
			time.Sleep(time.Second)
			continue
		}
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		return io.ReadAll(resp.Body)
	}
	return nil, errors.New("list: gave up")
}

func shouldRetry(resp *http.Response, err error) bool {
	if err != nil {
		return true
	}
	return resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests
}

// Bounded, no wait, the request carries ctx: fails fast once the caller
// has gone.
func (c *PaymentsClient) Ping(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/ping", nil)
	if err != nil {
		return err
	}
	var lastErr error
	for range 2 {
		resp, err := c.hc.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		lastErr = err
	}
	return lastErr
}

// Polling a job until it finishes, tolerating nothing: not a retry (the
// fixed sleep is fixedtimeout's).
func (c *PaymentsClient) AwaitSettlement(ctx context.Context, id string) error {
	for i := 0; i < 30; i++ {
		s, err := c.Status(ctx, id)
		if err != nil {
			return err
		}
		if s == "settled" {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return errors.New("not settled")
}

// Trying each region once is failover, not a retry of the same call.
func (c *PaymentsClient) Nearest(ctx context.Context, regions []string) (string, error) {
	for i := range regions {
		region := regions[i]
		url := "https://" + region + ".payments.example.com/ping"
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.hc.Do(req)
		if err == nil {
			resp.Body.Close()
			return region, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return "", errors.New("no region")
}
