package observe

import (
	"context"
	"net/http"

	"example.com/tenant"
)

// Another module's functions named for moving values between a context and
// a carrier (Inject..., Extract..., ...FromContext) read or add values:
// a root that reaches only them has nothing observed.
func orgIDs(id string) (string, error) {
	return parseOrg(tenant.InjectOrgID(context.TODO(), id))
}

func parseOrg(ctx context.Context) (string, error) {
	return tenant.ExtractOrgID(ctx)
}

func ScheduleOrg(ctx context.Context, id string) {
	_, _ = orgIDs(id)
}

func Tag(req *http.Request, id string) {
	_ = tenant.InjectOrgIDIntoHTTPRequest(tenant.InjectOrgID(context.Background(), id), req)
}

// What such a function returns is followed: here it is sent with.
func sendOrg(id string) error {
	return tenant.Send(tenant.InjectOrgID(context.Background(), id), id)
}

func Publish(ctx context.Context, id string) error {
	return sendOrg(id) // want `sendOrg starts a fresh context \(context.Background\(\) at carriers.go:31\)`
}
