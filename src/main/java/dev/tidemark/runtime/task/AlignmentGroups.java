package dev.tidemark.runtime.task;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The watermark alignment groups of one job: every aligned split reports its watermark to its
 * group, and learns whether it runs too far ahead of the slowest active split.
 *
 * <p>Threading: members are created while wiring; {@link Member#report} and friends are called by
 * the task thread that owns the split; any thread may read.
 */
public final class AlignmentGroups {

    private final Map<String, List<Member>> groups = new ConcurrentHashMap<>();

    /** A new member of {@code group}. */
    Member join(String group, long maxDriftMillis) {
        Member member = new Member(groups.computeIfAbsent(group, g -> new CopyOnWriteArrayList<>()), maxDriftMillis);
        member.peers.add(member);
        return member;
    }

    /** One aligned split. */
    static final class Member {
        private final List<Member> peers;
        private final long maxDriftMillis;
        private volatile long watermark = Long.MIN_VALUE; // written by the owning task thread
        private volatile boolean counted; // written by the owning task thread: active and has a watermark

        Member(List<Member> peers, long maxDriftMillis) {
            this.peers = peers;
            this.maxDriftMillis = maxDriftMillis;
        }

        void report(long newWatermark) {
            watermark = newWatermark;
            counted = newWatermark != Long.MAX_VALUE;
        }

        void setIdle(boolean idle) {
            counted = !idle && watermark != Long.MIN_VALUE && watermark != Long.MAX_VALUE;
        }

        /** Whether this split's watermark is more than the drift ahead of the slowest counted split. */
        boolean shouldPause() {
            if (!counted) {
                return false;
            }
            long slowest = Long.MAX_VALUE;
            for (Member peer : peers) {
                if (peer.counted) {
                    slowest = Math.min(slowest, peer.watermark);
                }
            }
            return watermark - slowest > maxDriftMillis;
        }
    }
}
