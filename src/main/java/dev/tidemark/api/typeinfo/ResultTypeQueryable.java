package dev.tidemark.api.typeinfo;

/**
 * A source (or function) that declares the type of what it produces; the type is kept in the job
 * graph as if given with {@code returns(...)}.
 *
 * @param <T> the produced type
 */
public interface ResultTypeQueryable<T> {

    TypeInformation<T> getProducedType();
}
