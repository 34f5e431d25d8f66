package dev.tidemark.runtime.operators.window;

import java.util.function.Consumer;

/**
 * Every key's open sessions, found by key: an open-addressed table of each key's latest session
 * (linear probing, removal by shifting back, so no tombstones); the key's earlier sessions hang off
 * it, latest first, linked both ways. Between two watermarks a key may open many, and the earliest
 * close first. A key whose sessions come out of order and pile up (more than
 * {@link #INDEX_THRESHOLD}) gets an index of them by start, so that finding where an element goes
 * stays logarithmic: elements in reverse time order were quadratic per key without it.
 *
 * <p>While every key is a {@code Long} (from a {@code LongKeySelector}, or any selector), the table
 * finds a key's sessions by the {@code long}: an element that joins an open session reads no key
 * object, and from a {@code LongKeySelector} boxes nothing. The first key of another type turns
 * the table to key objects for good.
 *
 * <p>Threading: the owning task's thread only.
 */
final class SessionTable {

    /** A key's sessions walked past on opening one, beyond which its sessions are indexed by start. */
    static final int INDEX_THRESHOLD = 16;

    private final ElementKey<?> elementKey;
    private boolean longKeys = true; // until a key of another type comes
    private Session[] slots = new Session[64];
    private int keys;
    private int size;

    /**
     * @param elementKey the operator's element key, which unboxes {@code Long} keys while the table
     *     finds sessions by {@code long}s
     */
    SessionTable(ElementKey<?> elementKey) {
        this.elementKey = elementKey;
    }

    /**
     * The latest open session of the key the operator's element key has read that starts at or
     * before {@code end} (the element's session end), or {@code null}; the earlier ones follow
     * through {@link Session#next}, latest first. Sessions of a key never touch, so their ends fall
     * in the same order as their starts: a search for the sessions an element touches stops at the
     * first that ends before it. Without an index the key's latest session is returned, which may
     * start after {@code end}.
     */
    Session sessionsOfElement(long end) {
        ElementKey<?> key = elementKey;
        if (longKeys && !key.unboxed()) {
            useObjectKeys(key.key());
        }
        Session latest = key.unboxed() ? sessionsOf(key.longKey(), key.hash()) : sessionsOf(key.key(), key.hash());
        if (latest == null || latest.byStart == null) {
            return latest;
        }
        java.util.Map.Entry<Long, Session> floor = latest.byStart.floorEntry(end);
        return floor == null ? null : floor.getValue(); // the sessions after it start after the element's end
    }

    private Session sessionsOf(Object key, int hash) {
        Session[] s = slots;
        int mask = s.length - 1;
        for (int i = hash & mask; ; i = (i + 1) & mask) {
            Session session = s[i];
            if (session == null || session.hash == hash && session.key.equals(key)) {
                return session;
            }
        }
    }

    private Session sessionsOf(long key, int hash) {
        Session[] s = slots;
        int mask = s.length - 1;
        for (int i = hash & mask; ; i = (i + 1) & mask) {
            Session session = s[i];
            if (session == null || session.hash == hash && session.longKey == key) {
                return session;
            }
        }
    }

    /** Opens a session for {@code key} (a {@code Long} in a table of long keys). */
    Session open(Object key, int hash, long start, long end, Object accumulator) {
        if (longKeys && !(key instanceof Long)) {
            useObjectKeys(key);
        }
        Session session = new Session(key, longKeys ? (Long) key : 0, hash, start, end, accumulator);
        int slot = slotOf(session);
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
            index(session, first.byStart);
        } else if (first.byStart != null) {
            linkAfter(first.byStart.higherEntry(start).getValue(), session);
            index(session, first.byStart);
        } else {
            Session before = first;
            int walked = 0;
            while (before.next != null && before.next.start > start) {
                before = before.next;
                walked++;
            }
            linkAfter(before, session);
            if (walked > INDEX_THRESHOLD) {
                buildIndex(first);
            }
        }
        size++;
        return session;
    }

    /** Links {@code session} right after (earlier than) {@code before} in its key's list. */
    private static void linkAfter(Session before, Session session) {
        session.next = before.next;
        if (before.next != null) {
            before.next.previous = session;
        }
        before.next = session;
        session.previous = before;
    }

    private static void index(Session session, java.util.TreeMap<Long, Session> byStart) {
        if (byStart != null) {
            session.byStart = byStart;
            byStart.put(session.start, session);
        }
    }

    private static void buildIndex(Session first) {
        java.util.TreeMap<Long, Session> byStart = new java.util.TreeMap<>();
        for (Session s = first; s != null; s = s.next) {
            s.byStart = byStart;
            byStart.put(s.start, s);
        }
    }

    /**
     * {@code session} grows to {@code [start, end)}, which touches none of its key's other open
     * sessions (the operator merged those into it).
     */
    void widen(Session session, long start, long end) {
        if (session.byStart != null && start != session.start) {
            session.byStart.remove(session.start);
            session.byStart.put(start, session);
        }
        session.start = start;
        session.end = end;
    }

    /**
     * For {@code key}, which is not a {@code Long}: sessions are found by key object from now on.
     * Every session holds its key's box already, so nothing changes but the comparison.
     */
    private void useObjectKeys(Object key) {
        elementKey.stopUnboxing(key);
        longKeys = false;
    }

    /** Closes {@code session}: it leaves its key's sessions. */
    void close(Session session) {
        size--;
        unlinkFromKey(session);
    }

    private void unlinkFromKey(Session session) {
        if (session.byStart != null) {
            session.byStart.remove(session.start);
            session.byStart = null;
        }
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
        for (Session first : slots) {
            for (Session session = first; session != null; session = session.next) {
                action.accept(session);
            }
        }
    }

    /** The slot of {@code session}'s key: where the key's first session is, or the free slot where it goes. */
    private int slotOf(Session session) {
        int mask = slots.length - 1;
        int i = session.hash & mask;
        while (slots[i] != null && !sameKey(slots[i], session)) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private boolean sameKey(Session a, Session b) {
        return a.hash == b.hash && (longKeys ? a.longKey == b.longKey : a.key.equals(b.key));
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
                slots[slotOf(first)] = first;
            }
        }
    }
}
