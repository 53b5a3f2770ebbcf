package stdlib

import (
	"context"
	"net/http"
)

// A request built for the caller, who sends it with its own context
// (client.Do(req.WithContext(ctx))): the builder has nothing to attach.
func (p *PricingClient) newQuoteRequest(ctx context.Context, sku string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, p.base+"/quote/"+sku, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	return req, nil
}

func (p *PricingClient) QuoteBuilt(ctx context.Context, sku string) error {
	req, err := p.newQuoteRequest(ctx, sku)
	if err != nil {
		return err
	}
	_, err = p.hc.Do(req.WithContext(ctx))
	return err
}

// Sent here before it is returned: the send is what loses the context.
func (p *PricingClient) sendAndKeep(ctx context.Context) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, p.base, nil) // want `http.NewRequest builds a request that cannot be cancelled`
	if err != nil {
		return nil, err
	}
	_, err = p.hc.Do(req)
	return req, err
}
