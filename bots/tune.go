package bots

var tuneSafe = true
var tuneDanger = true
var tunePublicDiscard = true
