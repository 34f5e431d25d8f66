package dev.tidemark.runtime.graph;

import dev.tidemark.runtime.state.KeyHash;
import java.io.Serializable;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;

/**
 * Refuses a key selector at {@code keyBy} when the type of key it returns can be seen there and has
 * no stable hash: an array, or a final class with {@code Object}'s identity hash. A lambda or method
 * reference shows it through its serialized form, a selector class through its {@code getKey}. A
 * generic return type shows nothing, and an interface or a class that may be subclassed says
 * nothing of the keys' own classes: their keys are checked as they come.
 */
public final class KeyTypes {

    private KeyTypes() {}

    /**
     * @throws IllegalArgumentException if the selector's key type has no stable hash
     */
    public static void check(Serializable selector) {
        Class<?> type = keyType(selector);
        boolean judged = type != null && (type.isArray() || java.lang.reflect.Modifier.isFinal(type.getModifiers()));
        String refusal = judged ? KeyHash.refusal(type) : null;
        if (refusal != null) {
            throw new IllegalArgumentException(refusal + " (keyBy)");
        }
    }

    /**
     * Refuses two selectors whose keys are to be matched (a join's) when the types of key they return
     * can be seen and neither is a subtype of the other: such keys are never equal.
     *
     * @throws IllegalArgumentException naming both types and {@code operation}
     */
    public static void checkMatching(Serializable first, Serializable second, String operation) {
        Class<?> a = keyType(first);
        Class<?> b = keyType(second);
        if (a != null && b != null && !a.isAssignableFrom(b) && !b.isAssignableFrom(a)) {
            throw new IllegalArgumentException(operation + ": the two inputs' keys have different types, "
                    + a.getName() + " and " + b.getName() + ", and keys of different types never match;"
                    + " make both key selectors return the same type");
        }
    }

    private static Class<?> keyType(Serializable selector) {
        try {
            Method writeReplace = selector.getClass().getDeclaredMethod("writeReplace");
            writeReplace.setAccessible(true);
            if (writeReplace.invoke(selector) instanceof SerializedLambda lambda) {
                return returnType(lambda, selector.getClass().getClassLoader());
            }
        } catch (NoSuchMethodException e) {
            return declaredGetKeyType(selector.getClass());
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null; // cannot be seen: the keys are checked as they come
        }
        return null;
    }

    /** The serialized form of a lambda or method reference, or {@code null} for anything else. */
    static SerializedLambda serializedForm(Serializable function) {
        try {
            Method writeReplace = function.getClass().getDeclaredMethod("writeReplace");
            writeReplace.setAccessible(true);
            return writeReplace.invoke(function) instanceof SerializedLambda lambda ? lambda : null;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }

    private static Class<?> returnType(SerializedLambda lambda, ClassLoader loader) throws ClassNotFoundException {
        if (lambda.getImplMethodKind() == java.lang.invoke.MethodHandleInfo.REF_newInvokeSpecial) {
            return Class.forName(lambda.getImplClass().replace('/', '.'), false, loader); // Key::new
        }
        String signature = lambda.getImplMethodSignature();
        String ret = signature.substring(signature.indexOf(')') + 1);
        if (ret.startsWith("[")) {
            return Class.forName(ret.replace('/', '.'), false, loader);
        }
        if (ret.startsWith("L")) {
            return Class.forName(ret.substring(1, ret.length() - 1).replace('/', '.'), false, loader);
        }
        return switch (ret) { // a primitive, boxed
            case "I" -> Integer.class;
            case "J" -> Long.class;
            case "S" -> Short.class;
            case "B" -> Byte.class;
            case "C" -> Character.class;
            case "Z" -> Boolean.class;
            case "F" -> Float.class;
            case "D" -> Double.class;
            default -> null;
        };
    }

    private static Class<?> declaredGetKeyType(Class<?> type) {
        Class<?> best = null;
        for (Method m : type.getMethods()) {
            if (m.getName().equals("getKey") && m.getParameterCount() == 1 && !m.isBridge()) {
                best = m.getReturnType();
            }
        }
        return best;
    }
}
