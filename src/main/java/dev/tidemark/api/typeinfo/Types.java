package dev.tidemark.api.typeinfo;

import dev.tidemark.api.tuple.Tuple;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The common {@link TypeInformation}s by name, as Flink's {@code Types} offers them. */
public final class Types {

    private Types() {}

    public static final TypeInformation<String> STRING = TypeInformation.of(String.class);
    public static final TypeInformation<Boolean> BOOLEAN = TypeInformation.of(Boolean.class);
    public static final TypeInformation<Byte> BYTE = TypeInformation.of(Byte.class);
    public static final TypeInformation<Short> SHORT = TypeInformation.of(Short.class);
    public static final TypeInformation<Integer> INT = TypeInformation.of(Integer.class);
    public static final TypeInformation<Long> LONG = TypeInformation.of(Long.class);
    public static final TypeInformation<Float> FLOAT = TypeInformation.of(Float.class);
    public static final TypeInformation<Double> DOUBLE = TypeInformation.of(Double.class);
    public static final TypeInformation<Character> CHAR = TypeInformation.of(Character.class);
    public static final TypeInformation<Void> VOID = TypeInformation.of(Void.class);
    public static final TypeInformation<BigDecimal> BIG_DEC = TypeInformation.of(BigDecimal.class);
    public static final TypeInformation<BigInteger> BIG_INT = TypeInformation.of(BigInteger.class);
    public static final TypeInformation<Instant> INSTANT = TypeInformation.of(Instant.class);
    public static final TypeInformation<LocalDate> LOCAL_DATE = TypeInformation.of(LocalDate.class);
    public static final TypeInformation<LocalTime> LOCAL_TIME = TypeInformation.of(LocalTime.class);
    public static final TypeInformation<LocalDateTime> LOCAL_DATE_TIME = TypeInformation.of(LocalDateTime.class);

    /** A tuple of the given field types: {@code Types.TUPLE(Types.STRING, Types.LONG)} is {@code Tuple2<String, Long>}. */
    @SuppressWarnings("unchecked")
    public static <T extends Tuple> TypeInformation<T> TUPLE(TypeInformation<?>... fieldTypes) {
        return new TypeInformation<>((Class<T>) Tuple.getTupleClass(fieldTypes.length), Arrays.asList(fieldTypes));
    }

    /** A tuple class, possibly a subclass of one of the tuple classes. */
    public static <T extends Tuple> TypeInformation<T> TUPLE(Class<T> tupleSubclass) {
        return TypeInformation.of(tupleSubclass);
    }

    /** A POJO class. */
    public static <T> TypeInformation<T> POJO(Class<T> pojoClass) {
        return TypeInformation.of(pojoClass);
    }

    /** Any class, kept as it is. */
    public static <T> TypeInformation<T> GENERIC(Class<T> genericClass) {
        return TypeInformation.of(genericClass);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <E> TypeInformation<List<E>> LIST(TypeInformation<E> elementType) {
        return new TypeInformation(List.class, List.of(elementType));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <K, V> TypeInformation<Map<K, V>> MAP(TypeInformation<K> keyType, TypeInformation<V> valueType) {
        return new TypeInformation(Map.class, List.of(keyType, valueType));
    }

    /** An array of objects of {@code elementType}. */
    @SuppressWarnings("unchecked")
    public static <E> TypeInformation<E[]> OBJECT_ARRAY(TypeInformation<E> elementType) {
        return TypeInformation.of((Class<E[]>) elementType.getTypeClass().arrayType());
    }

    /** An array of primitives: {@code Types.PRIMITIVE_ARRAY(Types.INT)} is {@code int[]}. */
    public static TypeInformation<?> PRIMITIVE_ARRAY(TypeInformation<?> elementType) {
        Class<?> boxed = elementType.getTypeClass();
        Class<?> primitive = boxed == Integer.class ? int.class : boxed == Long.class ? long.class
                : boxed == Double.class ? double.class : boxed == Float.class ? float.class
                : boxed == Short.class ? short.class : boxed == Byte.class ? byte.class
                : boxed == Character.class ? char.class : boxed == Boolean.class ? boolean.class : null;
        if (primitive == null) {
            throw new IllegalArgumentException("a primitive array needs a primitive element type: type=" + elementType);
        }
        return TypeInformation.of(primitive.arrayType());
    }
}
