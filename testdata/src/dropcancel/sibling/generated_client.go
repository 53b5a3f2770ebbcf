package sibling

import (
	"context"
	"time"

	"example.com/api/client/alerts"
)

// Parameters that get the context through a builder are carried.
func PostChained(ctx context.Context, c *alerts.Client) error {
	return c.PostAlerts(alerts.NewPostAlertsParams().WithTimeout(time.Second).WithContext(ctx).WithAlerts(nil))
}

func PostSet(ctx context.Context, c *alerts.Client) error {
	p := alerts.NewPostAlertsParams()
	p.SetContext(ctx)
	return c.PostAlerts(p)
}

// Without it, the request cannot be cancelled.
func PostBare(ctx context.Context, c *alerts.Client) error {
	return c.PostAlerts(alerts.NewPostAlertsParams().WithAlerts(nil)) // want `alerts.NewPostAlertsParams cannot be cancelled when the caller gives up; use alerts.NewPostAlertsParamsWithContext\(ctx\)`
}
