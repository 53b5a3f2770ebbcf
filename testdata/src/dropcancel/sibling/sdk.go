// Package sibling holds calls whose receiver or package offers an
// XContext/XWithContext form: third-party SDKs, the analysed code's own
// clients, interfaces and generics; and the ones left alone.
package sibling

import (
	"bytes"
	"context"
	"io"
	"net/http"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/service/dynamodb"
	"github.com/aws/aws-sdk-go/service/s3"
	"github.com/aws/aws-sdk-go/service/s3/s3iface"
	"github.com/aws/aws-sdk-go/service/s3/s3manager"
	"github.com/jmoiron/sqlx"
)

// An object store on the AWS SDK v1.
type BlobStore struct {
	svc      *s3.S3
	api      s3iface.S3API
	uploader *s3manager.Uploader
	bucket   string
}

func (b *BlobStore) Get(ctx context.Context, key string) ([]byte, error) {
	out, err := b.svc.GetObject(&s3.GetObjectInput{Bucket: aws.String(b.bucket), Key: aws.String(key)}) // want `b.svc.GetObject cannot be cancelled when the caller gives up; use b.svc.GetObjectWithContext\(ctx, ...\)`
	if err != nil {
		return nil, err
	}
	defer out.Body.Close()
	return io.ReadAll(out.Body)
}

func (b *BlobStore) Put(ctx context.Context, key string, data []byte) error {
	_, err := b.api.PutObject(&s3.PutObjectInput{Bucket: aws.String(b.bucket), Key: aws.String(key), Body: bytes.NewReader(data)}) // want `b.api.PutObject cannot be cancelled when the caller gives up; use b.api.PutObjectWithContext\(ctx, ...\)`
	return err
}

func (b *BlobStore) Upload(ctx context.Context, key string, r io.Reader) (string, error) {
	out, err := b.uploader.Upload(&s3manager.UploadInput{Bucket: aws.String(b.bucket), Key: aws.String(key), Body: r}, func(u *s3manager.Uploader) {}) // want `b.uploader.Upload cannot be cancelled when the caller gives up; use b.uploader.UploadWithContext\(ctx, ...\)`
	if err != nil {
		return "", err
	}
	return out.Location, nil
}

func (b *BlobStore) Keys(ctx context.Context) ([]string, error) {
	var keys []string
	err := b.svc.ListObjectsV2Pages(&s3.ListObjectsV2Input{Bucket: aws.String(b.bucket)}, func(page *s3.ListObjectsV2Output, last bool) bool { // want `b.svc.ListObjectsV2Pages cannot be cancelled when the caller gives up; use b\.svc\.ListObjectsV2PagesWithContext\(ctx, \.\.\.\)`
		for _, o := range page.Contents {
			keys = append(keys, *o.Key)
		}
		return true
	})
	return keys, err
}

func (b *BlobStore) Ready(ctx context.Context) error {
	return b.svc.WaitUntilBucketExists(&s3.HeadBucketInput{Bucket: aws.String(b.bucket)}) // want `b.svc.WaitUntilBucketExists cannot be cancelled when the caller gives up; use b\.svc\.WaitUntilBucketExistsWithContext\(ctx, \.\.\.\)`
}

// A handler using DynamoDB directly.
type Sessions struct{ db *dynamodb.DynamoDB }

func (s *Sessions) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	out, err := s.db.GetItem(&dynamodb.GetItemInput{ // want `s.db.GetItem cannot be cancelled when the caller gives up; use s.db.GetItemWithContext\(r.Context\(\), ...\)`
		TableName: aws.String("sessions"),
		Key:       map[string]*dynamodb.AttributeValue{"id": {S: aws.String(r.URL.Query().Get("id"))}},
	})
	if err != nil || out.Item == nil {
		http.NotFound(w, r)
	}
}

// sqlx: Get/GetContext, Select/SelectContext, NamedExec/NamedExecContext.
type Accounts struct{ db *sqlx.DB }

type Account struct{ ID, Name string }

func (a *Accounts) Load(ctx context.Context, id string) (*Account, error) {
	var acc Account
	if err := a.db.Get(&acc, "SELECT * FROM accounts WHERE id = $1", id); err != nil { // want `a.db.Get cannot be cancelled when the caller gives up; use a.db.GetContext\(ctx, ...\)`
		return nil, err
	}
	return &acc, nil
}

func (a *Accounts) All(ctx context.Context) ([]Account, error) {
	var accs []Account
	err := a.db.Select(&accs, "SELECT * FROM accounts") // want `a.db.Select cannot be cancelled when the caller gives up; use a\.db\.SelectContext\(ctx, \.\.\.\)`
	return accs, err
}

func (a *Accounts) Save(ctx context.Context, acc *Account) error {
	_, err := a.db.NamedExec("INSERT INTO accounts VALUES (:id, :name)", acc) // want `a.db.NamedExec cannot be cancelled when the caller gives up; use a\.db\.NamedExecContext\(ctx, \.\.\.\)`
	if err != nil {
		return err
	}
	// The embedded *sql.DB's methods are the standard library's.
	_, err = a.db.Exec("VACUUM") // want `a.db.Exec cannot be cancelled when the caller gives up; use a.db.ExecContext\(ctx, ...\)`
	return err
}

// ---- Left alone ----

func (b *BlobStore) GetGood(ctx context.Context, key string) error {
	out, err := b.svc.GetObjectWithContext(ctx, &s3.GetObjectInput{Bucket: aws.String(b.bucket), Key: aws.String(key)})
	if err != nil {
		return err
	}
	out.Body.Close()
	_, err = b.api.GetObjectWithContext(ctx, &s3.GetObjectInput{})
	return err
}

// The request form has no context sibling; the context is set on the request.
func (b *BlobStore) GetByRequest(ctx context.Context, key string) error {
	req, _ := b.svc.GetObjectRequest(&s3.GetObjectInput{Key: aws.String(key)})
	req.SetContext(ctx)
	return req.Send()
}

// Beginx's context form has other parameters (BeginTxx(ctx, opts)): not a sibling.
func (a *Accounts) Tx(ctx context.Context) error {
	tx, err := a.db.Beginx()
	if err != nil {
		return err
	}
	return tx.Commit()
}

// Off the request path: a CLI command.
func Sync(b *BlobStore, keys []string) {
	for _, k := range keys {
		b.svc.GetObject(&s3.GetObjectInput{Key: aws.String(k)})
	}
}

// Detached upload after the response.
func (b *BlobStore) Archive(ctx context.Context, key string, data []byte) {
	go func() {
		b.api.PutObject(&s3.PutObjectInput{Key: aws.String(key), Body: bytes.NewReader(data)})
	}()
}
