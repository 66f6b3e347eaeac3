package play

import "testing"

// TestListing: a listing counts the seats a person or a bot holds, and
// names seat 0's holder as the host, a guest when no account holds it.
func TestListing(t *testing.T) {
	for _, tc := range []struct {
		name      string
		seats     []Seat
		taken     int
		host      string
		hostGuest bool
	}{
		{"a guest hosts", []Seat{{Seat: 0, Name: "Ann", Occupant: "o1"}}, 1, "Ann", true},
		{"a player hosts, a bot sits", []Seat{{Seat: 0, Name: "Bob", Occupant: "o1", Player: "p1"}, {Seat: 1, Name: "hat", Bot: "hat"}}, 2, "Bob", false},
		{"a bot hosts", []Seat{{Seat: 0, Name: "hat", Bot: "hat"}, {Seat: 1}}, 1, "hat", false},
		{"seat 0 free", []Seat{{Seat: 1, Name: "Cy", Occupant: "o2"}}, 1, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &State{Record: Record{ID: "g", Players: 3, Taken: 9, Host: "stale"}, Seats: tc.seats}
			rec := st.Listing()
			if rec.Taken != tc.taken || rec.Host != tc.host || rec.HostGuest != tc.hostGuest {
				t.Fatalf("taken %d host %q guest %v, want %d %q %v", rec.Taken, rec.Host, rec.HostGuest, tc.taken, tc.host, tc.hostGuest)
			}
			if st.Taken != 9 || st.Host != "stale" {
				t.Fatal("Listing changed the state's own record")
			}
		})
	}
}
