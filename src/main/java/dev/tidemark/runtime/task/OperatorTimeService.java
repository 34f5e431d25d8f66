package dev.tidemark.runtime.task;

import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.runtime.timers.ProcessingTimeCallback;
import dev.tidemark.runtime.timers.ProcessingTimeService;

/** The task's clock as one operator sees it: a failing timer callback names that operator. */
final class OperatorTimeService implements ProcessingTimeService {

    private final ProcessingTimeService delegate;
    private final String operatorName;

    OperatorTimeService(ProcessingTimeService delegate, String operatorName) {
        this.delegate = delegate;
        this.operatorName = operatorName;
    }

    @Override
    public long currentProcessingTime() {
        return delegate.currentProcessingTime();
    }

    @Override
    public Registration registerTimer(long timestamp, ProcessingTimeCallback callback) {
        return delegate.registerTimer(timestamp, time -> {
            try {
                callback.onProcessingTime(time);
            } catch (Exception | Error e) {
                throw OperatorException.tag(operatorName, e);
            }
        });
    }
}
