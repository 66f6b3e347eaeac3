module github.com/hanabi-server/hanabi

go 1.26.0
