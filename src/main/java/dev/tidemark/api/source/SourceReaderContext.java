package dev.tidemark.api.source;

/** What a source's reader (one parallel instance) learns of its place, as Flink's context of that name. */
public interface SourceReaderContext {

    /** This instance's index, from 0. */
    int getIndexOfSubtask();

    /** How many instances the source runs in. */
    int currentParallelism();
}
