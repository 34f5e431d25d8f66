package dev.tidemark.runtime.task;

import dev.tidemark.runtime.operators.OperatorException;

/** A call into an operator that is not per record; a failure is tagged with the operator's name. */
@FunctionalInterface
interface OperatorCall {

    void run() throws Exception;

    static void invoke(String operatorName, OperatorCall call) {
        try {
            call.run();
        } catch (Exception | Error e) {
            throw OperatorException.tag(operatorName, e);
        }
    }
}
