package engine

import "math"

// When aces go either way, the aces of each suit held back at position 1
// for position 14 are part of the state from position 1 to 14, and they
// multiply the states by up to 81 (3 ways a suit with two aces): on
// deal-75-445, 665,000 states are 100,000 without them. Yet from position
// 2 to 13 no move depends on them. So runByAces takes those positions with
// one record for the states that differ only by the aces held back, which
// holds the value of each way of holding them back that reaches it (a
// vector of entries, in the layer's values): each move is taken once for
// all of them, and adds the same deadwood to each. Most ways reach few
// states (on deal-75-4615, 95% of a layer's 54 ways a state would be
// missing), so a vector holds only the ways that reach its state, in the
// order of their index (comboOf), each with its value: an entry.

// dpVec is a record of runByAces: a state without the aces held back,
// and the entries of the ways of holding them back that reach it, at
// vals[at:at+n].
type dpVec struct {
	key    uint64
	least  int64 // the least of its values
	at, n  int32
	beaten bool
}

// dpEntry is one way of holding aces back (its index, comboOf) and its
// value, an int32 below dpNone, as one word ordered by the index.
func dpEntry(c int, v int32) uint64 { return uint64(c)<<32 | uint64(uint32(v)) }

func entryCombo(e uint64) int   { return int(e >> 32) }
func entryValue(e uint64) int32 { return int32(uint32(e)) }

// dpNone is more than any value of an entry. Values are int32 (runByAces
// runs only when every value fits).
const dpNone = math.MaxInt32

// dpPendMask is the state's aces held back.
const dpPendMask = uint64(0xFF) << dpPendShift

// combos returns how many ways the hand's aces can be held back at
// position 1: one more than the aces of a suit, multiplied over the
// suits.
func (d *dpSolver) combos() int {
	m := 1
	for s := range 4 {
		m *= int(d.cnt[1][s]) + 1
	}
	return m
}

// fitsInt32 reports whether every value of a state fits in an int32
// below dpNone: the weight of every natural of the hand does.
func (d *dpSolver) fitsInt32() bool {
	var sum int64
	for p := 1; p <= 14; p++ {
		for s := range 4 {
			sum += int64(d.cnt[p][s]) * d.w[p]
		}
	}
	return sum+d.lift() < dpNone
}

// comboOf returns the index among the combos of the aces held back in
// state key, in mixed radix by suit.
func (d *dpSolver) comboOf(key uint64) int {
	c, radix := 0, 1
	for s := range 4 {
		c += int(key>>uint(dpPendShift+2*s)&3) * radix
		radix *= int(d.cnt[1][s]) + 1
	}
	return c
}

// pendOf is comboOf turned back into the state's bits.
func (d *dpSolver) pendOf(c int) uint64 {
	var pend uint64
	for s := range 4 {
		n := int(d.cnt[1][s]) + 1
		pend |= uint64(c%n) << uint(dpPendShift+2*s)
		c /= n
	}
	return pend
}

// runByAces is run when aces go either way and some are held: position 1
// as runLayers takes it, positions 2 to 13 by vectors of values (see
// above), position 14 again state by state. Its layers are not kept, so
// when it finds an answer it runs again with only the aces held back that
// the answer holds back (d.only), under a limit of the answer, for
// readBack; that run finds the same least value.
func (d *dpSolver) runByAces() (int64, int, bool) {
	d.limsAt = 0
	d.states = 0
	d.resetArena()
	cur := []dpRec{{key: uint64(d.jokers) << dpJShift, prev: -1}}
	for _, s := range d.suitOrder(1) {
		if cur = d.stepSuit(cur, 1, s); d.stopped {
			return infinity, -1, false
		}
	}
	cur = d.stepSets(cur)
	if d.dropBeaten(cur); d.stopped {
		return infinity, -1, false
	}

	vecs, vals := d.startVecs(len(cur))
	for _, r := range cur {
		if r.move == dpBeaten {
			continue
		}
		vecs, vals = d.relaxVec(vecs, vals, r.key&^dpPendMask, nil, d.comboOf(r.key), r.val, d.limit+d.lift())
	}
	vecs, vals = d.keepVecs(vecs, vals)
	for p := 2; p <= 13; p++ {
		for _, s := range d.suitOrder(p) {
			if vecs, vals = d.stepSuitVec(vecs, vals, p, s); d.stopped {
				return infinity, -1, false
			}
		}
		if vecs, vals = d.stepSetsVec(vecs, vals); d.stopped {
			return infinity, -1, false
		}
		if d.dropBeatenVec(vecs, vals); d.stopped {
			return infinity, -1, false
		}
	}

	// Position 14, state by state.
	d.layers = d.layers[:0]
	cur = d.startLayer(0)
	for _, v := range vecs {
		if v.beaten {
			continue
		}
		if d.tick != nil && len(cur)+d.states > dpMaxStates {
			d.stopped, d.capped = true, true
			return infinity, -1, false
		}
		for _, e := range vals[v.at : v.at+v.n] {
			if len(cur) == cap(cur) {
				cur = d.moveLayer(cur)
			}
			cur = append(cur, dpRec{key: v.key | d.pendOf(entryCombo(e)), val: int64(entryValue(e)), prev: -1})
		}
	}
	cur = d.endLayer(cur)
	d.layers = append(d.layers, cur)
	for _, s := range d.suitOrder(14) {
		cur = d.stepSuit(cur, 14, s)
		d.layers = append(d.layers, cur)
		if d.stopped {
			return infinity, -1, false
		}
	}
	cur = d.stepSets(cur)
	d.layers = append(d.layers, cur)
	best, at := int64(infinity), -1
	for i, rec := range cur {
		if v, ok := d.final(rec); ok && v < best && v <= d.limit {
			best, at = v, i
		}
	}
	if at < 0 {
		return infinity, -1, false
	}
	for l := len(d.layers) - 1; l > 0; l-- {
		at = int(d.layers[l][at].prev)
	}
	d.only = d.layers[0][at].key&dpPendMask>>dpPendShift + 1
	limit := d.limit
	d.limit = best
	v, at, ok := d.runLayers()
	d.limit, d.only = limit, 0
	return v, at, ok
}

// goOnVecs is goOn for a layer of vectors of n words (dpMaxVals).
func (d *dpSolver) goOnVecs(n int) bool {
	if n > dpMaxVals {
		d.stopped, d.capped = true, true
		return false
	}
	return d.goOn(0)
}

// vecWords is the words (four bytes) of a layer of vectors: its records
// and its entries.
func vecWords(vecs []dpVec, vals []uint64) int { return 8*len(vecs) + 2*len(vals) }

// startVecs returns an empty layer of vectors for about n states and
// empties the index for it. Layers of vectors take turns in two buffers,
// each reused, so a layer must be done with before the one after next
// starts.
func (d *dpSolver) startVecs(n int) ([]dpVec, []uint64) {
	n = d.startIndex(n)
	d.turn ^= 1
	b := &d.bufs[d.turn]
	if cap(b.vecs) < n {
		b.vecs = make([]dpVec, 0, max(n, 2*cap(b.vecs)))
	}
	if cap(b.vals) < 2*n {
		b.vals = make([]uint64, 0, max(2*n, 2*cap(b.vals)))
	}
	return b.vecs[:0], b.vals[:0]
}

// keepVecs records the layer in the buffer it was built in, with the
// capacity it grew to.
func (d *dpSolver) keepVecs(vecs []dpVec, vals []uint64) ([]dpVec, []uint64) {
	d.bufs[d.turn] = dpVecBuf{vecs, vals}
	return vecs, vals
}

// dpVecBuf is a buffer of layers of vectors.
type dpVecBuf struct {
	vecs []dpVec
	vals []uint64
}

// relaxVec records the state key reached with the entries of from, their
// values plus val, or, when from is nil, with the value val for way c
// alone; values above limit are dropped. It returns the layer. Where the
// state is reached already, each way keeps the lesser value; a way it
// did not hold moves its entries to the end of vals, merged.
func (d *dpSolver) relaxVec(vecs []dpVec, vals []uint64, key uint64, from []uint64, c int, val, limit int64) ([]dpVec, []uint64) {
	one := [1]uint64{dpEntry(c, int32(val))}
	add, thr := uint64(0), int32(min(limit, dpNone-1))
	if from == nil {
		from = one[:]
	} else {
		// A value above thr passes the limit once val is added; below it
		// every sum fits in the entry's value.
		add, thr = uint64(val), int32(min(limit, dpNone-1)-val)
	}
	if len(vecs)*2 >= len(d.slots) {
		d.growVecs(vecs)
	}
	mask := uint64(len(d.slots) - 1)
	h := (key * 0x9E3779B97F4A7C15) >> d.shift
	for {
		i := d.slots[h]
		if i == 0 {
			vals, vecs = roomFor(vals, len(from)), roomFor(vecs, 1)
			at := len(vals)
			least := int32(dpNone)
			for _, e := range from {
				if x := entryValue(e); x <= thr {
					vals = append(vals, e+add)
					least = min(least, x+int32(add))
				}
			}
			if len(vals) == at {
				return vecs, vals
			}
			vecs = append(vecs, dpVec{key: key, least: int64(least), at: int32(at), n: int32(len(vals) - at)})
			d.slots[h] = int32(len(vecs))
			return vecs, vals
		}
		r := &vecs[i-1]
		if r.key == key {
			return vecs, d.mergeVec(r, vals, from, add, thr)
		}
		h = (h + 1) & mask
	}
}

// mergeVec takes into record r the entries of from whose values are no
// more than thr, each plus add: in place when r holds every way they do,
// else merged at the end of vals.
func (d *dpSolver) mergeVec(r *dpVec, vals, from []uint64, add uint64, thr int32) []uint64 {
	to := vals[r.at : r.at+r.n]
	least := int32(r.least)
	j, fits := 0, true
	for _, e := range from {
		if entryValue(e) > thr {
			continue
		}
		for j < len(to) && to[j]>>32 < e>>32 {
			j++
		}
		if j == len(to) || to[j]>>32 != e>>32 {
			fits = false
			break
		}
		if y := e + add; y < to[j] {
			to[j] = y
			least = min(least, entryValue(y))
		}
	}
	if fits {
		r.least = int64(least)
		return vals
	}
	vals = roomFor(vals, len(to)+len(from))
	at := len(vals)
	j = 0
	for _, e := range from {
		if entryValue(e) > thr {
			continue
		}
		y := e + add
		for j < len(to) && to[j]>>32 < y>>32 {
			vals = append(vals, to[j])
			j++
		}
		if j < len(to) && to[j]>>32 == y>>32 {
			y = min(y, to[j])
			j++
		}
		vals = append(vals, y)
		least = min(least, entryValue(y))
	}
	vals = append(vals, to[j:]...)
	r.at, r.n, r.least = int32(at), int32(len(vals)-at), int64(least)
	return vals
}

func (d *dpSolver) growVecs(vecs []dpVec) {
	d.rehash(len(vecs), func(i int) uint64 { return vecs[i].key })
}

// stepSuitVec is stepSuit for a layer of vectors, at a position from 2
// to 13.
func (d *dpSolver) stepSuitVec(cur []dpVec, curVals []uint64, p, s int) ([]dpVec, []uint64) {
	next, vals := d.startVecs(2 * len(cur))
	class := d.class(p)
	lims := d.limits(p)
	taken := d.takenBy(p, s)
	sh := uint(dpCfgBits * s)
	k := d.cnt[p][s]
	ahead := d.ahead(p, taken)
	for i := range cur {
		rec := &cur[i]
		if rec.beaten {
			continue
		}
		if d.work >= d.next && d.tick != nil && !d.goOnVecs(vecWords(next, vals)) {
			return d.keepVecs(next, vals)
		}
		key := rec.key
		jl := int(key >> dpJShift & 7)
		from := curVals[rec.at : rec.at+rec.n]
		moves := d.t.moves[key>>sh&dpCfgMask][k][class]
		others := ahead.others(key, s)
		need, open := d.runMasks(key, s, taken)
		for mi := range moves {
			mv := &moves[mi]
			if int(mv.jok) > jl || ahead.short(key, s, mv, others) {
				continue
			}
			nk, add, ok := d.leave(key, mv, p, s)
			limit := lims[jl-int(mv.jok)][need|int(d.t.needs[mv.to])<<s][open|int(d.t.opens[mv.to])<<s]
			if !ok || rec.least+add > limit {
				continue
			}
			d.work += dpRelaxVecWork + dpEntryWork*int64(len(from))
			next, vals = d.relaxVec(next, vals, moved(nk, mv, sh, jl), from, 0, add, limit)
		}
	}
	return d.keepVecs(next, vals)
}

// stepSetsVec is stepSets for a layer of vectors.
func (d *dpSolver) stepSetsVec(cur []dpVec, curVals []uint64) ([]dpVec, []uint64) {
	next, vals := d.startVecs(len(cur))
	for i := range cur {
		rec := &cur[i]
		if rec.beaten {
			continue
		}
		if d.work++; d.work >= d.next && d.tick != nil && !d.goOnVecs(vecWords(next, vals)) {
			return d.keepVecs(next, vals)
		}
		if nk, ok := d.withSets(rec.key); ok {
			d.work += dpEntryWork * int64(rec.n)
			next, vals = d.relaxVec(next, vals, nk, curVals[rec.at:rec.at+rec.n], 0, 0, infinity)
		}
	}
	return d.keepVecs(next, vals)
}

// dropBeatenVec is dropBeaten for a layer of vectors, entry by entry: an
// entry is dropped when a state kept so far beats the state with a value
// no more for the same aces held back; a state all of whose entries are
// dropped is beaten.
func (d *dpSolver) dropBeatenVec(vecs []dpVec, vals []uint64) {
	const group = ^uint64(1<<dpJShift - 1 | 7<<dpJShift) // what must be equal
	order := d.order[:0]
	for i := range vecs {
		w, ok := d.orderWord(vecs[i].key, vecs[i].least, i)
		if !ok {
			d.order = order
			return // beyond the packed order: keep every state
		}
		order = append(order, w)
	}
	d.sortOrder(order)
	d.order = order
	const index = 1<<23 - 1
	kept := d.kept[:0]
	var last uint64
	for i, o := range order {
		r := &vecs[o&index]
		if i > 0 && last != r.key&group {
			kept = kept[:0]
		}
		last = r.key & group
		j := r.key >> dpJShift & 7
		if d.work >= d.next && d.tick != nil && !d.goOnVecs(0) {
			return
		}
		for _, ki := range kept {
			a := &vecs[ki]
			if a.key>>dpJShift&7 < j || !d.t.beatsKey(a.key, r.key) {
				continue
			}
			theirs, mine := vals[a.at:a.at+a.n], vals[r.at:r.at+r.n]
			d.work += dpEntryWork * int64(len(theirs)+len(mine))
			live, n, t := int32(dpNone), 0, 0
			for _, e := range mine {
				for t < len(theirs) && theirs[t]>>32 < e>>32 {
					t++
				}
				if t < len(theirs) && theirs[t]>>32 == e>>32 && theirs[t] <= e {
					continue
				}
				mine[n] = e
				n++
				live = min(live, entryValue(e))
			}
			r.n, r.least = int32(n), int64(live)
			if n == 0 {
				r.beaten = true
				break
			}
		}
		if !r.beaten && len(kept) < dpKeptVec {
			kept = append(kept, uint64(o&index))
		}
	}
	d.kept = kept
}
