package main

import (
	"net"
	"syscall"
)

// deferAccept asks the kernel to hand over a connection only once its
// request has begun to arrive (TCP_DEFER_ACCEPT, nginx's "deferred"): a
// client that has connected but not yet sent anything then costs the
// process nothing, where net/http would hold a goroutine and 8 KB of buffers
// for it. A connection that stays silent is still handed over once the
// kernel's wait (a few seconds) is over. Failing to set it is harmless.
func deferAccept(ln net.Listener) {
	tl, ok := ln.(*net.TCPListener)
	if !ok {
		return
	}
	rc, err := tl.SyscallConn()
	if err != nil {
		return
	}
	_ = rc.Control(func(fd uintptr) {
		_ = syscall.SetsockoptInt(int(fd), syscall.IPPROTO_TCP, syscall.TCP_DEFER_ACCEPT, 5)
	})
}

// defaultMaxConns leaves 256 of the process's open-file limit to the
// database, logs and files, so that connections never take the last one.
func defaultMaxConns() int {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil || r.Cur > 1<<24 {
		return 10000
	}
	return max(int(r.Cur)-256, 64)
}
