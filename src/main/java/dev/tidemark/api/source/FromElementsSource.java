package dev.tidemark.api.source;

import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import dev.tidemark.runtime.checkpoint.StateBytes;
import dev.tidemark.runtime.graph.PojoForm;
import dev.tidemark.runtime.task.ElementPull;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * A bounded source that emits the given elements in order, without timestamps. The elements are
 * copied into the source: they must be {@link Serializable}, records, or POJOs (a class with a
 * constructor without arguments, copied field by field), as Flink's POJO rules allow. Checkpoints
 * hold the position, so a restored job goes on with the next element.
 *
 * @param <T> the element type
 */
public final class FromElementsSource<T> implements SourceFunction<T>, CheckpointedFunction {

    private static final long serialVersionUID = 1L;

    private final byte[] elementBytes; // the elements as a DataObjectOutputStream wrote them
    private final int size;
    private transient List<T> elements;
    private volatile boolean running = true;
    private transient ListState<Integer> positionState;
    private int position;

    /**
     * @throws NullPointerException if an element is null, naming its position
     * @throws IllegalArgumentException if an element is not serializable
     */
    public FromElementsSource(Collection<? extends T> elements) {
        Objects.requireNonNull(elements, "elements must not be null");
        List<T> copy = new ArrayList<>(elements.size());
        int index = 0;
        for (T element : elements) {
            if (element == null) {
                throw new NullPointerException("element must not be null: index=" + index
                        + "; null elements cannot be carried");
            }
            if (!(element instanceof Serializable) && !PojoForm.applies(element.getClass())) {
                throw new IllegalArgumentException("element must be serializable, a record, or a POJO with a "
                        + "constructor without arguments: index=" + index + ", class=" + element.getClass().getName());
            }
            copy.add(element);
            index++;
        }
        this.size = copy.size();
        this.elementBytes = StateBytes.of(new ArrayList<>(copy), "the elements of a collection source");
    }

    /** The elements, in emission order. */
    public List<T> elements() {
        if (elements == null) {
            elements = StateBytes.value(elementBytes, "the elements of a collection source");
        }
        return List.copyOf(elements);
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {
        positionState = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("position", Integer.class));
        for (int restored : positionState.get()) {
            position = restored;
        }
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        positionState.update(List.of(position));
    }

    @Override
    public void run(SourceContext<T> ctx) throws Exception {
        List<T> all = elements();
        ElementPull.drain(ctx, () -> {
            if (position >= size || !running) {
                return false;
            }
            ctx.collect(all.get(position));
            position++;
            return true;
        });
    }

    @Override
    public void cancel() {
        running = false;
    }
}
