package dev.tidemark.runtime.task;

import dev.tidemark.api.source.SourceFunction;

/**
 * A source's next element from memory, as {@link #drain} pulls it: the way the library's own sources
 * emit what they hold (a collection, a sequence, a batch polled from Kafka) without a lock per
 * element.
 */
@FunctionalInterface
public interface ElementPull {

    /**
     * Emits the source's next element through its context and moves its position past it, or emits
     * nothing and returns false when no element is ready (the source ended, was cancelled, or would
     * have to wait for one). It must not block: it runs holding the chain the element goes through.
     */
    boolean emitNext() throws Exception;

    /**
     * Emits what {@code pull} yields until it returns false: through {@link SourceContextImpl#drain}
     * on the runtime's own contexts, else one element at a time under the context's checkpoint lock.
     */
    static void drain(SourceFunction.SourceContext<?> ctx, ElementPull pull) throws Exception {
        if (ctx instanceof SourceContextImpl<?> runtimeContext) {
            runtimeContext.drain(pull);
            return;
        }
        boolean more = true;
        while (more) {
            synchronized (ctx.getCheckpointLock()) {
                more = pull.emitNext();
            }
        }
    }
}
