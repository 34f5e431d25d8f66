package dev.tidemark.api.typeinfo;

import java.io.Serializable;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The declared type of a stream's elements or of a state value: a class and, for generic classes,
 * the types of its parameters ({@code Tuple2<String, Long>}). Tidemark passes objects by reference
 * and stores state with Java serialization, so it needs no type to run; it keeps what a program
 * declares ({@code returns(...)}, {@code map(fn, type)}, state descriptors) in the job graph for
 * tools that translate the pipeline to another engine, and to check declared against actual types.
 *
 * @param <T> the type described
 */
public class TypeInformation<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private final Class<T> typeClass;
    private final List<TypeInformation<?>> parameters;

    /** A type of {@code typeClass} with the given type parameters (none for a plain class). */
    protected TypeInformation(Class<T> typeClass, List<TypeInformation<?>> parameters) {
        this.typeClass = Objects.requireNonNull(typeClass, "type class must not be null");
        this.parameters = List.copyOf(parameters);
    }

    /** The type of a plain (or raw) class. */
    public static <T> TypeInformation<T> of(Class<T> typeClass) {
        return new TypeInformation<>(typeClass, List.of());
    }

    /** The type a {@link TypeHint} captured: {@code TypeInformation.of(new TypeHint<Tuple2<String, Long>>() {})}. */
    public static <T> TypeInformation<T> of(TypeHint<T> hint) {
        return Objects.requireNonNull(hint, "type hint must not be null").getTypeInfo();
    }

    /**
     * The type of a reflected {@link Type}: a class, a parameterized type, an array; a type
     * variable or wildcard becomes its bound's raw class.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static TypeInformation<?> of(Type type) {
        if (type instanceof Class<?> c) {
            return of(c);
        }
        if (type instanceof ParameterizedType p) {
            List<TypeInformation<?>> args = new ArrayList<>();
            for (Type arg : p.getActualTypeArguments()) {
                args.add(of(arg));
            }
            return new TypeInformation((Class<?>) p.getRawType(), args);
        }
        if (type instanceof GenericArrayType array) {
            Class<?> component = of(array.getGenericComponentType()).getTypeClass();
            return of(component.arrayType());
        }
        if (type instanceof WildcardType wildcard) {
            return of(wildcard.getUpperBounds()[0]);
        }
        if (type instanceof java.lang.reflect.TypeVariable<?> variable) {
            return of(variable.getBounds()[0]);
        }
        throw new IllegalArgumentException("type must be a class, a parameterized type or an array: type=" + type);
    }

    /** The class of values of this type. */
    public Class<T> getTypeClass() {
        return typeClass;
    }

    /** The types of the class's type parameters, in order; empty for a plain class. */
    public List<TypeInformation<?>> getGenericParameters() {
        return parameters;
    }

    /** Whether the type is one of the tuple classes. */
    public boolean isTupleType() {
        return dev.tidemark.api.tuple.Tuple.class.isAssignableFrom(typeClass);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TypeInformation<?> other && typeClass.equals(other.typeClass)
                && parameters.equals(other.parameters);
    }

    @Override
    public int hashCode() {
        return typeClass.hashCode() * 31 + parameters.hashCode();
    }

    /** {@code String}, {@code Tuple2<String, Long>}. */
    /** How state keeps values of this type (Flink 1.x's shape). */
    public TypeSerializer<T> createSerializer(dev.tidemark.api.ExecutionConfig config) {
        return new TypeSerializer<>(this);
    }

    /** How state keeps values of this type (Flink 1.19+ and 2.x's shape). */
    public TypeSerializer<T> createSerializer(dev.tidemark.api.SerializerConfig config) {
        return new TypeSerializer<>(this);
    }

    @Override
    public String toString() {
        if (parameters.isEmpty()) {
            return typeClass.getSimpleName();
        }
        StringBuilder text = new StringBuilder(typeClass.getSimpleName()).append('<');
        for (int i = 0; i < parameters.size(); i++) {
            text.append(i == 0 ? "" : ", ").append(parameters.get(i));
        }
        return text.append('>').toString();
    }
}
