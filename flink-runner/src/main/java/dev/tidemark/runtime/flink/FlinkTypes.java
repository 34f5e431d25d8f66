package dev.tidemark.runtime.flink;

import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;

/**
 * The Flink type the runner gives a Tidemark type: Flink's own for the basic types, whose
 * serializers are exact and fast, Tidemark's format ({@link TidemarkTypeInfo}) for everything else,
 * including a type the program did not declare.
 */
final class FlinkTypes {

    private static final Map<Class<?>, TypeInformation<?>> BASIC = Map.of(String.class, Types.STRING, Long.class,
            Types.LONG, Integer.class, Types.INT, Double.class, Types.DOUBLE, Boolean.class, Types.BOOLEAN, Float.class,
            Types.FLOAT, Short.class, Types.SHORT, Byte.class, Types.BYTE, Character.class, Types.CHAR);

    private FlinkTypes() {}

    /** The type for values of {@code type}, which may be {@code null} (undeclared). */
    @SuppressWarnings("unchecked")
    static <T> TypeInformation<T> of(dev.tidemark.api.typeinfo.TypeInformation<?> type) {
        return of(type == null ? Object.class : (Class<T>) type.getTypeClass());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static <T> TypeInformation<T> of(Class<?> type) {
        TypeInformation<?> basic = BASIC.get(type);
        return (TypeInformation<T>) (basic != null ? basic : new TidemarkTypeInfo(type == null ? Object.class : type));
    }

    /** The type of values no declaration covers: Tidemark's format, whatever their class. */
    static <T> TypeInformation<T> any() {
        return of(Object.class);
    }
}
