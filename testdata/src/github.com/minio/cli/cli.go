// Package cli stands in for github.com/minio/cli, MinIO's fork of
// urfave/cli v1: an action is given the command's *Context.
package cli

type Context struct{}

func (c *Context) Args() []string { return nil }

type Command struct {
	Name   string
	Action func(*Context) error
}
