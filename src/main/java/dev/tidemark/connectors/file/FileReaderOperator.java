package dev.tidemark.connectors.file;

import dev.tidemark.api.OutputTag;
import dev.tidemark.runtime.operators.ForwardingOperator;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.operators.Output;

/**
 * Reads each {@link FileSplit} it receives whole, between two elements, with a
 * {@link FileSplitReader}: a checkpoint never falls inside a split, so the readers keep no state.
 */
final class FileReaderOperator<T> extends ForwardingOperator<FileSplit, T> implements FileSplitReader.Lines<T> {

    private final FileSplitReader<T> reader;
    private final OutputTag<MalformedLine> malformedTag;

    FileReaderOperator(FileSplitReader<T> reader, OperatorContext<T> context) {
        super(context, reader.format());
        this.reader = reader;
        this.malformedTag = reader.malformedTag();
    }

    @Override
    public void processElement(FileSplit split, long timestamp) throws Exception {
        reader.read(split, this);
    }

    @Override
    public void element(T value) {
        output.collect(value, Output.NO_TIMESTAMP);
    }

    @Override
    public void malformed(MalformedLine line) {
        output.collect(malformedTag, line, Output.NO_TIMESTAMP);
    }
}
