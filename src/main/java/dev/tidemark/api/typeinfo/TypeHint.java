package dev.tidemark.api.typeinfo;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

/**
 * Captures a generic type that a class literal cannot name, through an anonymous subclass:
 * {@code new TypeHint<Tuple2<String, Long>>() {}}.
 *
 * @param <T> the type to capture
 */
public abstract class TypeHint<T> {

    private final TypeInformation<T> typeInfo;

    @SuppressWarnings("unchecked")
    protected TypeHint() {
        Type superclass = getClass().getGenericSuperclass();
        if (!(superclass instanceof ParameterizedType parameterized) || getClass().getSuperclass() != TypeHint.class) {
            throw new IllegalStateException("a type hint must be an anonymous subclass naming its type: "
                    + "new TypeHint<Tuple2<String, Long>>() {}");
        }
        this.typeInfo = (TypeInformation<T>) TypeInformation.of(parameterized.getActualTypeArguments()[0]);
    }

    /** The captured type. */
    public TypeInformation<T> getTypeInfo() {
        return typeInfo;
    }

    @Override
    public String toString() {
        return "TypeHint<" + typeInfo + ">";
    }
}
