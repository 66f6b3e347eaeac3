package models

import (
	"context"
	"encoding/binary"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

// pipeline runs stmts on Postgres in one round trip and one transaction (a
// pipeline of prepared statements closed by one sync) and returns how many
// rows each changed. Every move passes here, and pgx's general encoding of
// values cost more than the round trip its batch shares: the values are
// written by hand, in binary (pgParams).
func (s *Store) pipeline(ctx context.Context, stmts []stmt) ([]int64, error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Release()
	// Prepared before the pipeline starts: a round trip of its own, once
	// per connection and statement.
	descs := make([]*pgconn.StatementDescription, len(stmts))
	for i, st := range stmts {
		if descs[i], err = conn.Conn().Prepare(ctx, stmtName(st.sql), st.sql); err != nil {
			return nil, err
		}
	}
	p := conn.Conn().PgConn().StartPipeline(ctx)
	values := make([]byte, 0, 128*len(stmts))
	for i, st := range stmts {
		var params [][]byte
		if values, params, err = pgParams(values, descs[i].ParamOIDs, st.args); err != nil {
			p.Close()
			return nil, err
		}
		p.SendQueryStatement(descs[i], params, binaryFormats[:len(params)], nil)
	}
	if err := p.Sync(); err != nil {
		p.Close()
		return nil, err
	}
	changed := make([]int64, len(stmts))
	for i := range stmts {
		res, err := p.GetResults()
		if err == nil && res == nil {
			err = errNoAnswer
		}
		if err != nil {
			p.Close()
			return nil, err
		}
		rr, ok := res.(*pgconn.ResultReader)
		if !ok {
			p.Close()
			return nil, fmt.Errorf("append pipeline: unexpected %T", res)
		}
		tag, err := rr.Close()
		if err != nil {
			p.Close()
			return nil, err
		}
		changed[i] = tag.RowsAffected()
	}
	return changed, p.Close()
}

// binaryFormats says that every value is sent in binary.
var binaryFormats = func() (f [16]int16) {
	for i := range f {
		f[i] = 1
	}
	return f
}()

// stmtNames names each statement the pipeline prepares.
var stmtNames sync.Map

func stmtName(q string) string {
	if n, ok := stmtNames.Load(q); ok {
		return n.(string)
	}
	n, _ := stmtNames.LoadOrStore(q, "hanabi_"+strconv.Itoa(int(stmtCount.Add(1))))
	return n.(string)
}

var stmtCount atomic.Int64

// pgParams writes args at the end of values as Postgres reads parameters of
// the types oids in binary, and returns where each one is (nil: NULL). A
// slice that grows moves to a new array; the values written before stay
// where they are.
func pgParams(values []byte, oids []uint32, args []any) ([]byte, [][]byte, error) {
	params := make([][]byte, len(args))
	for i, a := range args {
		start := len(values)
		switch v := a.(type) {
		case nil:
			continue
		case []byte:
			if v == nil {
				continue
			}
			values = append(values, v...)
		case string:
			values = append(values, v...)
		case bool:
			b := byte(0)
			if v {
				b = 1
			}
			values = append(values, b)
		case time.Time:
			values = binary.BigEndian.AppendUint64(values, uint64(v.Sub(postgresEpoch).Microseconds()))
		case int:
			switch oids[i] {
			case pgtype.Int4OID:
				values = binary.BigEndian.AppendUint32(values, uint32(int32(v)))
			case pgtype.Int8OID:
				values = binary.BigEndian.AppendUint64(values, uint64(v))
			default:
				return nil, nil, fmt.Errorf("append pipeline: an int for a parameter of type %d", oids[i])
			}
		default:
			return nil, nil, fmt.Errorf("append pipeline: a value of type %T", a)
		}
		params[i] = values[start:len(values):len(values)]
	}
	return values, params, nil
}
