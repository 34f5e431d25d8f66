package dev.tidemark.runtime.flink;

/**
 * An exception of a Tidemark function on Flink, with the name of the operator it ran in: Flink's
 * own failure names no task, so the runner's job client finds this in the cause chain and reports
 * the operator as the embedded engine does.
 */
public final class OperatorFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String operatorName;

    private OperatorFailure(String operatorName, Throwable cause) {
        super("operator '" + operatorName + "' failed: " + cause, cause);
        this.operatorName = operatorName;
    }

    /** {@code cause}, thrown by the function of {@code operatorName}, with the name kept. */
    static OperatorFailure of(String operatorName, Throwable cause) {
        return cause instanceof OperatorFailure failure ? failure : new OperatorFailure(operatorName, cause);
    }

    public String operatorName() {
        return operatorName;
    }
}
