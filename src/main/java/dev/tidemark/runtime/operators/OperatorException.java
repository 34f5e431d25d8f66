package dev.tidemark.runtime.operators;

import dev.tidemark.api.TidemarkException;

/**
 * Carries an exception out of an operator, tagged with the operator's name, to the task that fails
 * the job. The cause is the original exception; an {@code Error} is tagged too (an assertion of a
 * test's, a stack overflow), so a failure always names the operator that threw, not its chain.
 */
public final class OperatorException extends TidemarkException {

    private static final long serialVersionUID = 1L;

    private final String operatorName;

    public OperatorException(String operatorName, Throwable cause) {
        super("operator '" + operatorName + "' failed: " + cause, cause);
        this.operatorName = operatorName;
    }

    /** The failing operator's name. */
    public String operatorName() {
        return operatorName;
    }

    /**
     * {@code failure} tagged with {@code operatorName}, unless it already carries (directly or in
     * its cause chain) the tag of an operator further down the chain, which is the true origin.
     */
    public static OperatorException tag(String operatorName, Throwable failure) {
        HeapReserve.releaseOn(failure); // the tag itself allocates
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof OperatorException tagged) {
                return tagged;
            }
        }
        return new OperatorException(operatorName, failure);
    }
}
