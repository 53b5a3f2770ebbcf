// Package errors is a stand-in for github.com/pkg/errors: its Is and As
// are the standard library's.
package errors

import stderrors "errors"

func New(message string) error { return stderrors.New(message) }

func Wrap(err error, message string) error { return err }

func Is(err, target error) bool { return stderrors.Is(err, target) }

func As(err error, target any) bool { return stderrors.As(err, target) }
