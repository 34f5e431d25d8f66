package dev.tidemark.runtime.task;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;

/**
 * A task's mailbox: other threads (the timer scheduler) put actions here; only the task thread runs
 * them, between records. Checking for mail costs one read of the queue's head, so the record path
 * stays fast when there is none.
 *
 * <p>Threading: {@link #execute} from any thread; everything else on the owner (task) thread.
 */
final class Mailbox implements Executor {

    private final ConcurrentLinkedQueue<Runnable> mails = new ConcurrentLinkedQueue<>();
    private final Wakeup owner;

    Mailbox(Wakeup owner) {
        this.owner = owner;
    }

    @Override
    public void execute(Runnable mail) {
        mails.add(mail);
        owner.wakeAlways();
    }

    boolean hasMail() {
        return !mails.isEmpty();
    }

    /** Runs every mail present, including those the mails themselves put. */
    void runAll() {
        Runnable mail;
        while ((mail = mails.poll()) != null) {
            mail.run();
        }
    }
}
