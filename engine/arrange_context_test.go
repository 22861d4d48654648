package engine

import (
	"context"
	"errors"
	"testing"
	"time"
)

// beyondBound returns the three-deck hand of the large corpus, whose proof
// takes the general solver more than seconds, with its rules.
func beyondBound(t *testing.T) largeCase {
	for _, c := range largeCorpus(t) {
		if c.name == "three-decks-96" {
			return c
		}
	}
	t.Fatal("testdata/large.txt has no three-decks-96")
	return largeCase{}
}

// TestArrangeContextDeadline: on a hand whose proof takes the general
// solver more than seconds, a deadline brings back a legal arrangement,
// the best found, with an *UnprovenError whose lower bound is at most its
// points.
func TestArrangeContextDeadline(t *testing.T) {
	big := beyondBound(t)
	r, hand := big.rules, big.hand
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	a, err := r.ArrangeContext(ctx, hand, nil)
	var ue *UnprovenError
	if !errors.As(err, &ue) {
		t.Fatalf("got error %v, want an *UnprovenError", err)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("%v does not say the deadline passed", err)
	}
	checkArrangement(t, r, hand, nil, a)
	if ue.Points != a.Points || ue.LowerBound > ue.Points {
		t.Errorf("error says %d points, lower bound %d; the arrangement leaves %d", ue.Points, ue.LowerBound, a.Points)
	}
	if a.CanGoOut != (len(a.Deadwood) <= 1) {
		t.Errorf("CanGoOut %v for an arrangement leaving %d cards, not proven", a.CanGoOut, len(a.Deadwood))
	}
}

// TestArrangeContextCancelled: a context ended before the call changes
// nothing for a hand proven before the solver first looks at it, and a
// large hand cut short at once still gets a legal arrangement, under both
// strategies.
func TestArrangeContextCancelled(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cause := errors.New("the user pressed Ctrl-C")
	cancel(cause)
	small := mustCards(t, "6S 7S 8S 6C 7C 8C 8D")
	a, err := Basic().ArrangeContext(ctx, small, nil)
	if err != nil || a.Points != 8 || !a.CanGoOut {
		t.Errorf("small hand: got %+v, %v; want 8 points and going out", a, err)
	}
	for _, c := range []struct {
		name string
		r    Rules
		hand []Card
	}{
		{"counts", beyondBound(t).rules, beyondBound(t).hand},
		{"bits", with(Basic(), func(r *Rules) { r.MinSize = 2 }), Deck()},
	} {
		a, err := c.r.ArrangeContext(ctx, c.hand, nil)
		var ue *UnprovenError
		if err == nil {
			checkArrangement(t, c.r, c.hand, nil, a)
			continue // proven within the first nodes
		}
		if !errors.As(err, &ue) || !errors.Is(err, cause) {
			t.Fatalf("%s: got error %v, want an *UnprovenError for %v", c.name, err, cause)
		}
		checkArrangement(t, c.r, c.hand, nil, a)
	}
}
