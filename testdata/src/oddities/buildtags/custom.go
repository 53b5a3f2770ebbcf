//go:build budgetlint_custom_tag

package buildtags

import "context"

func custom(ctx context.Context) { _ = context.TODO() }
