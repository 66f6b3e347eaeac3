package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"time"

	"github.com/goccy/go-json"
)

// rawConn is one keep-alive HTTP/1.1 connection that sends requests written
// by hand and reads their answers into a buffer it reuses. An action's two
// requests cost the driver a write and a read or two, where net/http's
// client also pays for a transport, two goroutines per connection and a
// header map per answer: on a machine shared with the server, the driver's
// own CPU would otherwise weigh on what it measures. The requests are the
// same as any client's.
type rawConn struct {
	host string
	cn   net.Conn
	r    *bufio.Reader
	out  []byte
	body []byte
	// header, when set, is one more header line ("Name: value") for the
	// next request only.
	header string
}

func dialRaw(ctx context.Context, base string) (*rawConn, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	cn, err := spreadDial(ctx, "tcp", u.Host)
	if err != nil {
		return nil, err
	}
	return &rawConn{host: u.Host, cn: cn, r: bufio.NewReaderSize(cn, 16<<10)}, nil
}

func (c *rawConn) Close() error { return c.cn.Close() }

// do sends one request and returns the status and the body, which stays
// valid until the next call.
func (c *rawConn) do(method, path, token string, body []byte) (int, []byte, error) {
	b := c.out[:0]
	b = append(b, method...)
	b = append(b, ' ')
	b = append(b, path...)
	b = append(b, " HTTP/1.1\r\nHost: "...)
	b = append(b, c.host...)
	if token != "" {
		b = append(b, "\r\nAuthorization: Bearer "...)
		b = append(b, token...)
	}
	if c.header != "" {
		b = append(b, "\r\n"...)
		b = append(b, c.header...)
		c.header = ""
	}
	if body != nil {
		b = append(b, "\r\nContent-Type: application/json\r\nContent-Length: "...)
		b = strconv.AppendInt(b, int64(len(body)), 10)
	}
	b = append(b, "\r\n\r\n"...)
	b = append(b, body...)
	c.out = b
	_ = c.cn.SetDeadline(time.Now().Add(time.Minute))
	if _, err := c.cn.Write(b); err != nil {
		return 0, nil, err
	}
	return c.readResponse()
}

var errResponse = errors.New("malformed response")

func (c *rawConn) readResponse() (int, []byte, error) {
	line, err := c.r.ReadSlice('\n')
	if err != nil {
		return 0, nil, err
	}
	// "HTTP/1.1 200 OK"
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) {
		return 0, nil, errResponse
	}
	code, err := strconv.Atoi(string(line[9:12]))
	if err != nil {
		return 0, nil, errResponse
	}
	length, chunked := -1, false
	for {
		line, err := c.r.ReadSlice('\n')
		if err != nil {
			return 0, nil, err
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			return 0, nil, errResponse
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = strconv.Atoi(string(value)); err != nil {
				return 0, nil, errResponse
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		}
	}
	c.body = c.body[:0]
	switch {
	case chunked:
		err = c.readChunked()
	case length > 0:
		c.body = append(c.body, make([]byte, length)...)
		_, err = io.ReadFull(c.r, c.body)
	case length < 0 && code != 204 && code != 304:
		return 0, nil, fmt.Errorf("%w: no length", errResponse)
	}
	return code, c.body, err
}

func (c *rawConn) readChunked() error {
	for {
		line, err := c.r.ReadSlice('\n')
		if err != nil {
			return err
		}
		size, err := strconv.ParseInt(string(bytes.TrimRight(line, "\r\n")), 16, 32)
		if err != nil {
			return errResponse
		}
		if size == 0 {
			_, err := c.r.ReadSlice('\n') // the last CRLF (no trailers)
			return err
		}
		n := len(c.body)
		c.body = append(c.body, make([]byte, size)...)
		if _, err := io.ReadFull(c.r, c.body[n:]); err != nil {
			return err
		}
		if _, err := c.r.Discard(2); err != nil {
			return err
		}
	}
}

// call sends a request and decodes a successful answer's JSON into out
// (with goccy/go-json, which decodes views at a third of encoding/json's
// cost: the driver shares the machine with the server it measures).
func (c *rawConn) call(method, path, token string, body []byte, out any) error {
	code, data, err := c.do(method, path, token, body)
	if err != nil {
		return err
	}
	if code >= 400 {
		return fmt.Errorf("%s %s: %d %s", method, path, code, bytes.TrimSpace(data))
	}
	return json.Unmarshal(data, out)
}

// newGameRaw creates a two-player game and takes the second seat, so it is
// active.
func newGameRaw(c *rawConn, variant string) (tokens [2]string, g seatView, err error) {
	var created, second joined
	body, _ := json.Marshal(map[string]any{"variant": variant, "players": 2, "name": "load-0"})
	if err = c.call("POST", "/v1/games", "", body, &created); err != nil {
		return
	}
	if err = c.call("POST", "/v1/games/"+created.Game.ID+"/seats", "", []byte(`{"name":"load-1"}`), &second); err != nil {
		return
	}
	return [2]string{created.Token, second.Token}, second.Game, nil
}
