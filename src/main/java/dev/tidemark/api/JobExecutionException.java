package dev.tidemark.api;

/**
 * A job failed. The message names the job and the operator that failed; {@link #getCause()} is the
 * exception that user code (or the runtime) threw, unwrapped.
 */
public final class JobExecutionException extends TidemarkException {

    private static final long serialVersionUID = 1L;

    private final String operatorName;

    public JobExecutionException(String message, String operatorName, Throwable cause) {
        super(message, cause);
        this.operatorName = operatorName;
    }

    /** The name of the operator that failed first. */
    public String operatorName() {
        return operatorName;
    }
}
