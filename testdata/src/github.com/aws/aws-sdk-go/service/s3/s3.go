// Package s3 is a stand-in for the AWS SDK for Go v1's S3 client.
// Its context forms send the request: roundTrip stands for the network,
// code the analysis cannot follow, so they observe the context.
package s3

import (
	"io"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/request"
)

type S3 struct{}

func New(p any) *S3 { return &S3{} }

type GetObjectInput struct{ Bucket, Key *string }

type GetObjectOutput struct{ Body io.ReadCloser }

type PutObjectInput struct {
	Bucket, Key *string
	Body        io.ReadSeeker
}

type PutObjectOutput struct{}

type ListObjectsV2Input struct{ Bucket *string }

type ListObjectsV2Output struct{ Contents []*Object }

type Object struct{ Key *string }

type HeadBucketInput struct{ Bucket *string }

func (c *S3) GetObject(in *GetObjectInput) (*GetObjectOutput, error) { return nil, nil }

func (c *S3) GetObjectWithContext(ctx aws.Context, in *GetObjectInput, opts ...request.Option) (*GetObjectOutput, error) {
	return nil, roundTrip(ctx)
}

func (c *S3) GetObjectRequest(in *GetObjectInput) (*request.Request, *GetObjectOutput) {
	return &request.Request{}, &GetObjectOutput{}
}

func (c *S3) PutObject(in *PutObjectInput) (*PutObjectOutput, error) { return nil, nil }

func (c *S3) PutObjectWithContext(ctx aws.Context, in *PutObjectInput, opts ...request.Option) (*PutObjectOutput, error) {
	return nil, roundTrip(ctx)
}

func (c *S3) ListObjectsV2Pages(in *ListObjectsV2Input, fn func(*ListObjectsV2Output, bool) bool) error {
	return nil
}

func (c *S3) ListObjectsV2PagesWithContext(ctx aws.Context, in *ListObjectsV2Input, fn func(*ListObjectsV2Output, bool) bool, opts ...request.Option) error {
	return roundTrip(ctx)
}

func (c *S3) WaitUntilBucketExists(in *HeadBucketInput) error { return nil }

func (c *S3) WaitUntilBucketExistsWithContext(ctx aws.Context, in *HeadBucketInput, opts ...request.WaiterOption) error {
	return roundTrip(ctx)
}

// roundTrip is the network.
var roundTrip func(ctx aws.Context) error
