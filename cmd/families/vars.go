package main

import "math/big"

var oneInt = big.NewInt(1)
