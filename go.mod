module github.com/families-project/families

go 1.26.8

require (
	github.com/spf13/pflag v1.0.10
	gonum.org/v1/gonum v0.17.0
)
