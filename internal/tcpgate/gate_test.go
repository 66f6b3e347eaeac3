package tcpgate

import (
	"bufio"
	"net"
	"testing"
	"time"
)

// echo is a server that sends back each line it reads.
func echo(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				r := bufio.NewReader(c)
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						return
					}
					c.Write([]byte(line))
				}
			}()
		}
	}()
	return ln.Addr().String()
}

// A gate forwards both ways; held, a line goes nowhere until it is let go;
// Drop ends the forwarded connection.
func TestGate(t *testing.T) {
	g, err := New(echo(t))
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	c, err := net.Dial("tcp", g.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r := bufio.NewReader(c)
	say := func(line string) {
		t.Helper()
		if _, err := c.Write([]byte(line + "\n")); err != nil {
			t.Fatal(err)
		}
	}
	hear := func(want string) {
		t.Helper()
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		if got, err := r.ReadString('\n'); err != nil || got != want+"\n" {
			t.Fatalf("heard %q, %v; want %q", got, err, want)
		}
	}
	say("one")
	hear("one")

	g.Hold(true)
	say("two")
	c.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	if got, err := r.ReadString('\n'); err == nil {
		t.Fatalf("a held gate let %q through", got)
	}
	g.Hold(false)
	r = bufio.NewReader(c) // the timed-out read kept nothing
	hear("two")

	g.Drop()
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, err := r.ReadString('\n'); err == nil {
		t.Fatal("a dropped connection still reads")
	}
}
