// Package alerts is shaped like a go-swagger generated client: parameter
// objects built by NewXParams, with a WithContext twin constructor and
// builder methods that attach the context afterwards.
package alerts

import (
	"context"
	"time"
)

type PostAlertsParams struct {
	Context context.Context
	timeout time.Duration
	alerts  []string
}

func NewPostAlertsParams() *PostAlertsParams { return &PostAlertsParams{} }

func NewPostAlertsParamsWithContext(ctx context.Context) *PostAlertsParams {
	return &PostAlertsParams{Context: ctx}
}

func (o *PostAlertsParams) WithTimeout(d time.Duration) *PostAlertsParams { o.timeout = d; return o }

func (o *PostAlertsParams) WithContext(ctx context.Context) *PostAlertsParams {
	o.Context = ctx
	return o
}

func (o *PostAlertsParams) SetContext(ctx context.Context) { o.Context = ctx }

func (o *PostAlertsParams) WithAlerts(a []string) *PostAlertsParams { o.alerts = a; return o }

type Client struct{}

func (c *Client) PostAlerts(p *PostAlertsParams) error { return nil }
