package dev.tidemark.runtime.operators.window;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Every key's open sessions, found by key, and ordered by when they fire: by end, then by when
 * their bounds were last set (the order the general operator's timers would fire them in).
 *
 * <p>Keys are an open-addressed table of each key's latest session (linear probing, removal by
 * shifting back, so no tombstones); the key's earlier sessions hang off it, latest first, linked
 * both ways: between two watermarks a key may open many, and the earliest close first.
 *
 * <p>The firing order is a four-ary min-heap of sessions that know their place in it, so a session
 * that grows moves in place rather than leaving a stale entry behind. Each entry's order (end,
 * registration) lies beside it in arrays, so sifting compares without reaching into sessions. A
 * periodic watermark can leave a hundred thousand sessions open, where every level is a cache miss:
 * four children per level halve the levels of a binary heap. (Leaving stale entries behind instead
 * of moving sessions measured slower: a larger heap, and a session to look at per stale entry.)
 *
 * <p>Threading: the owning task's thread only.
 */
final class SessionTable {

    private Session[] slots = new Session[64];
    private int keys;
    private Session[] heap = new Session[64];
    // each heap entry's order, beside it: sifting compares without reaching into sessions
    private long[] heapEnds = new long[64];
    private long[] heapRegistered = new long[64];
    private int size;
    private long registrations;

    /**
     * The latest open session of {@code key}, or {@code null}; the earlier ones follow through
     * {@link Session#next}, latest first. Sessions of a key never touch, so their ends fall in the
     * same order as their starts: a search for the sessions an element touches stops at the first
     * that ends before it.
     */
    Session sessionsOf(Object key, int hash) {
        Session[] s = slots;
        int mask = s.length - 1;
        for (int i = hash & mask; ; i = (i + 1) & mask) {
            Session session = s[i];
            if (session == null || session.hash == hash && session.key.equals(key)) {
                return session;
            }
        }
    }

    /** Opens a session for {@code key}, firing after every session registered before it that ends with it. */
    Session open(Object key, int hash, long start, long end, Object accumulator) {
        Session session = new Session(key, hash, start, end, accumulator);
        session.registered = registrations++;
        int slot = slotOf(key, hash);
        Session first = slots[slot];
        if (first == null) {
            slots[slot] = session;
            if (++keys * 2 > slots.length) {
                rehash(slots.length * 2);
            }
        } else if (start > first.start) { // the usual case: the key's latest session
            session.next = first;
            first.previous = session;
            slots[slot] = session;
        } else {
            Session before = first;
            while (before.next != null && before.next.start > start) {
                before = before.next;
            }
            session.next = before.next;
            if (before.next != null) {
                before.next.previous = session;
            }
            before.next = session;
            session.previous = before;
        }
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
            heapEnds = Arrays.copyOf(heapEnds, size * 2);
            heapRegistered = Arrays.copyOf(heapRegistered, size * 2);
        }
        siftUp(session, size++);
        return session;
    }

    /** Gives {@code session} new, wider bounds: it fires as if registered now, as a merged window's timer would. */
    void extend(Session session, long start, long end) {
        session.start = start;
        session.end = end;
        session.registered = registrations++;
        siftDown(session, session.heapIndex); // a later end or a later registration: it can only sink
    }

    /** The session that fires first, if the watermark has reached its end, else {@code null}. */
    Session due(long watermark) {
        return size > 0 && heapEnds[0] - 1 <= watermark ? heap[0] : null;
    }

    /** Closes {@code session}: it leaves both the key's sessions and the firing order. */
    void remove(Session session) {
        int at = session.heapIndex;
        session.heapIndex = -1;
        Session last = heap[--size];
        heap[size] = null;
        if (at < size) {
            siftDown(last, at);
            if (last.heapIndex == at) {
                siftUp(last, at);
            }
        }
        unlinkFromKey(session);
    }

    private void unlinkFromKey(Session session) {
        Session next = session.next;
        if (session.previous != null) {
            session.previous.next = next;
            if (next != null) {
                next.previous = session.previous;
            }
        } else {
            int slot = slotHolding(session);
            if (next != null) {
                slots[slot] = next;
                next.previous = null;
            } else {
                slots[slot] = null;
                keys--;
                shiftBack(slot);
            }
        }
        session.next = null;
        session.previous = null;
    }

    /** The slot of {@code first}, which is its key's first session: found by identity, no key compared. */
    private int slotHolding(Session first) {
        int mask = slots.length - 1;
        int i = first.hash & mask;
        while (slots[i] != first) {
            i = (i + 1) & mask;
        }
        return i;
    }

    /** How many sessions are open. */
    int size() {
        return size;
    }

    /** Every open session, in no particular order. */
    void forEach(Consumer<Session> action) {
        for (int i = 0; i < size; i++) {
            action.accept(heap[i]);
        }
    }

    /** The slot of {@code key}: where its first session is, or the free slot where it goes. */
    private int slotOf(Object key, int hash) {
        int mask = slots.length - 1;
        int i = hash & mask;
        while (slots[i] != null && !(slots[i].hash == hash && slots[i].key.equals(key))) {
            i = (i + 1) & mask;
        }
        return i;
    }

    /** Fills the slot freed at {@code free} from the probe run after it, so that lookups need no tombstones. */
    private void shiftBack(int free) {
        int mask = slots.length - 1;
        for (int i = (free + 1) & mask; slots[i] != null; i = (i + 1) & mask) {
            int home = slots[i].hash & mask;
            // movable unless its home lies cyclically in (free, i]
            if (free <= i ? (home <= free || home > i) : (home <= free && home > i)) {
                slots[free] = slots[i];
                slots[i] = null;
                free = i;
            }
        }
    }

    private void rehash(int capacity) {
        Session[] old = slots;
        slots = new Session[capacity];
        for (Session first : old) {
            if (first != null) {
                slots[slotOf(first.key, first.hash)] = first;
            }
        }
    }

    private static boolean firesBefore(long end, long registered, long otherEnd, long otherRegistered) {
        return end < otherEnd || end == otherEnd && registered < otherRegistered;
    }

    private void siftUp(Session session, int at) {
        long end = session.end;
        long registered = session.registered;
        while (at > 0) {
            int parent = (at - 1) >>> 2;
            if (!firesBefore(end, registered, heapEnds[parent], heapRegistered[parent])) {
                break;
            }
            move(parent, at);
            at = parent;
        }
        place(session, at);
    }

    private void siftDown(Session session, int at) {
        long end = session.end;
        long registered = session.registered;
        while (true) {
            int first = 4 * at + 1;
            if (first >= size) {
                break;
            }
            int child = first;
            for (int c = first + 1, last = Math.min(first + 4, size); c < last; c++) {
                if (firesBefore(heapEnds[c], heapRegistered[c], heapEnds[child], heapRegistered[child])) {
                    child = c;
                }
            }
            if (!firesBefore(heapEnds[child], heapRegistered[child], end, registered)) {
                break;
            }
            move(child, at);
            at = child;
        }
        place(session, at);
    }

    private void move(int from, int to) {
        heapEnds[to] = heapEnds[from];
        heapRegistered[to] = heapRegistered[from];
        Session moved = heap[from];
        heap[to] = moved;
        moved.heapIndex = to; // a store: nothing waits for it
    }

    private void place(Session session, int at) {
        heap[at] = session;
        heapEnds[at] = session.end;
        heapRegistered[at] = session.registered;
        session.heapIndex = at;
    }
}
