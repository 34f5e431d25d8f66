package dev.tidemark.api.sink;

import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.checkpoint.CheckpointListener;
import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A sink whose output becomes visible exactly once, through a two-phase commit tied to checkpoints:
 * elements go into the current transaction; when a checkpoint's barrier reaches the sink the
 * transaction is prepared (made durable, still invisible) and a new one begins; when the checkpoint
 * completes, every transaction prepared for it or before is committed. After a failure the job
 * restores the last completed checkpoint: transactions it holds as prepared are committed (again:
 * commit must be idempotent), and the transaction that was open is aborted, so what readers see is
 * exactly the output of a run without failures.
 *
 * <p>At the end of a bounded input the last transaction is prepared in the job's final snapshot and
 * committed when the final checkpoint completes; without periodic checkpoints it is prepared and
 * committed when the input ends.
 *
 * @param <T> the element type
 * @param <TXN> a transaction's handle, stored in checkpoints, so it must be serializable
 */
public abstract class TwoPhaseCommitSink<T, TXN extends Serializable>
        implements SinkFunction<T>, RichFunction, CheckpointedFunction, CheckpointListener {

    private static final long serialVersionUID = 1L;

    /** A prepared transaction and the checkpoint it belongs to. */
    private record Prepared<TXN>(long checkpointId, TXN transaction) implements Serializable {}

    private transient ListState<Prepared<TXN>> preparedState;
    private transient ListState<TXN> currentState;
    private transient ListState<TXN> everyInstanceState; // a union: after a restore, every instance's transactions
    private transient List<TXN> restoredOfEveryInstance;
    private transient List<Prepared<TXN>> prepared;
    private transient TXN current;
    private transient RuntimeContext runtimeContext;
    private transient boolean restored;

    /** Starts a transaction: where the next elements go. */
    protected abstract TXN beginTransaction() throws Exception;

    /** Writes {@code value} into {@code transaction}. */
    protected abstract void write(TXN transaction, T value, Context context) throws Exception;

    /** Makes {@code transaction} durable but not yet visible; after this, {@link #commit} must succeed. */
    protected abstract void prepare(TXN transaction) throws Exception;

    /** Makes a prepared transaction visible. Must be idempotent: it is called again after a recovery. */
    protected abstract void commit(TXN transaction) throws Exception;

    /** Discards a transaction that was not prepared (its elements are replayed after a recovery). */
    protected abstract void abort(TXN transaction) throws Exception;

    /** Called before the first transaction begins, after state was restored. */
    protected void open(RuntimeContext context, boolean restored) throws Exception {}

    /**
     * After a restore, before the first transaction begins: what every instance's transactions were
     * in the restored checkpoint, prepared or open, so that a sink can remove what belongs to none of
     * them (the open transaction of a process that died, one prepared for a checkpoint that never
     * completed). Another instance may be committing one of these meanwhile: leave them alone.
     */
    protected void recover(List<TXN> transactionsOfEveryInstance) throws Exception {}

    /** The runtime context, once the sink is open. */
    protected final RuntimeContext getRuntimeContext() {
        return runtimeContext;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public final void initializeState(FunctionInitializationContext context) throws Exception {
        preparedState = context.getOperatorStateStore().getListState(
                new ListStateDescriptor<>("two-phase-prepared", (Class<Prepared<TXN>>) (Class) Prepared.class));
        currentState = context.getOperatorStateStore().getListState(
                new ListStateDescriptor<>("two-phase-current", (Class<TXN>) (Class) Serializable.class));
        everyInstanceState = context.getOperatorStateStore().getUnionListState(
                new ListStateDescriptor<>("two-phase-every-instance", (Class<TXN>) (Class) Serializable.class));
        prepared = new ArrayList<>();
        restored = context.isRestored();
        restoredOfEveryInstance = new ArrayList<>();
        everyInstanceState.get().forEach(restoredOfEveryInstance::add);
        for (Prepared<TXN> p : preparedState.get()) {
            commit(p.transaction()); // part of a completed checkpoint: its results are due
        }
        for (TXN open : currentState.get()) {
            abort(open); // its elements come again from the restored sources
        }
    }

    @Override
    public final void open(RuntimeContext context) throws Exception {
        this.runtimeContext = context;
        open(context, restored);
        if (restored) {
            recover(restoredOfEveryInstance);
        }
        restoredOfEveryInstance = null;
        current = beginTransaction();
    }

    @Override
    public final void invoke(T value, Context context) throws Exception {
        write(current, value, context);
    }

    @Override
    public final void snapshotState(FunctionSnapshotContext context) throws Exception {
        prepare(current);
        prepared.add(new Prepared<>(context.getCheckpointId(), current));
        current = beginTransaction();
        preparedState.update(prepared);
        currentState.update(List.of(current));
        List<TXN> all = new ArrayList<>(prepared.size() + 1);
        prepared.forEach(p -> all.add(p.transaction()));
        all.add(current);
        everyInstanceState.update(all);
    }

    /** Without periodic checkpoints, the input's end is when results become final. */
    @Override
    public void finish() throws Exception {
        if (!runtimeContext.isCheckpointingEnabled()) {
            prepare(current);
            commit(current);
            current = beginTransaction();
        }
    }

    @Override
    public final void notifyCheckpointComplete(long checkpointId) throws Exception {
        for (Iterator<Prepared<TXN>> it = prepared.iterator(); it.hasNext(); ) {
            Prepared<TXN> p = it.next();
            if (p.checkpointId() <= checkpointId) {
                commit(p.transaction());
                it.remove();
            }
        }
    }

    /** Aborts the open transaction; prepared ones stay, as a checkpoint may hold them. */
    @Override
    public void close() throws Exception {
        if (current != null) {
            TXN open = current;
            current = null;
            abort(open);
        }
    }
}
