package dev.tidemark.runtime.graph;

import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.LongKeySelector;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.SerializedLambda;
import java.util.function.ToLongFunction;

/**
 * A key selector that is a method reference to a method returning {@code long}, such as
 * {@code keyBy(Event::userId)}, becomes a {@link LongKeySelector} calling the same method: the same
 * keys, key groups and state, without a {@code Long} made per element. A lambda ({@code e ->
 * e.userId()}) boxes inside itself and stays as it is, as does anything that cannot be read so.
 */
public final class UnboxedKeys {

    private UnboxedKeys() {}

    /** {@code selector}, or a {@link LongKeySelector} calling the method it refers to. */
    public static <T, K> KeySelector<T, K> of(KeySelector<T, K> selector) {
        if (selector instanceof LongKeySelector<?>) {
            return selector;
        }
        SerializedLambda lambda = KeyTypes.serializedForm(selector);
        if (lambda == null || lambda.getCapturedArgCount() != 0) {
            return selector;
        }
        int kind = lambda.getImplMethodKind();
        String signature = lambda.getImplMethodSignature();
        boolean accessor = (kind == MethodHandleInfo.REF_invokeVirtual || kind == MethodHandleInfo.REF_invokeInterface)
                && signature.equals("()J");
        boolean function = kind == MethodHandleInfo.REF_invokeStatic && signature.endsWith(")J")
                && signature.startsWith("(L") && signature.indexOf(';') == signature.length() - 3;
        if (!accessor && !function || !lambda.getInstantiatedMethodType().endsWith(")Ljava/lang/Long;")) {
            return selector;
        }
        MethodCall<T> call = new MethodCall<>(selector, lambda.getImplClass().replace('/', '.'),
                lambda.getImplMethodName(), kind == MethodHandleInfo.REF_invokeStatic);
        if (call.function() == null) {
            return selector; // not open to this library: the method reference as it is
        }
        @SuppressWarnings("unchecked") // the method returns long: K is Long
        KeySelector<T, K> unboxed = (KeySelector<T, K>) (KeySelector<T, ?>) call;
        return unboxed;
    }

    /** The method a reference names, called with no box; found again after the job's copy is made. */
    private static final class MethodCall<T> implements LongKeySelector<T> {
        private static final long serialVersionUID = 1L;
        private final KeySelector<T, ?> reference; // for its class loader
        private final String owner;
        private final String method;
        private final boolean isStatic;
        private transient ToLongFunction<Object> function;

        MethodCall(KeySelector<T, ?> reference, String owner, String method, boolean isStatic) {
            this.reference = reference;
            this.owner = owner;
            this.method = method;
            this.isStatic = isStatic;
        }

        @Override
        public long getLongKey(T value) {
            if (function == null) {
                function = function();
            }
            return function.applyAsLong(value);
        }

        /**
         * A class made for the method, as a lambda is made, which the JIT inlines, and made once
         * whatever the number of jobs (so that the call site stays monomorphic); null if it cannot be.
         */
        ToLongFunction<Object> function() {
            try {
                Class<?> type = Class.forName(owner, false, reference.getClass().getClassLoader());
                ToLongFunction<Object> made = MADE.get(type).computeIfAbsent(method + (isStatic ? "/static" : ""),
                        m -> make(type));
                return made == NONE ? null : made;
            } catch (ClassNotFoundException | LinkageError e) {
                return null;
            }
        }

        @SuppressWarnings("unchecked")
        private ToLongFunction<Object> make(Class<?> type) {
            try {
                MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
                MethodHandle handle = null;
                for (java.lang.reflect.Method m : type.getDeclaredMethods()) {
                    if (m.getName().equals(method) && m.getReturnType() == long.class && !m.isBridge()
                            && m.getParameterCount() == (isStatic ? 1 : 0)
                            && java.lang.reflect.Modifier.isStatic(m.getModifiers()) == isStatic) {
                        handle = lookup.unreflect(m);
                    }
                }
                if (handle == null) {
                    return NONE;
                }
                MethodType instantiated = handle.type().changeReturnType(long.class);
                return (ToLongFunction<Object>) LambdaMetafactory.metafactory(lookup, "applyAsLong",
                        MethodType.methodType(ToLongFunction.class), MethodType.methodType(long.class, Object.class),
                        handle, instantiated).getTarget().invoke();
            } catch (Throwable e) {
                return NONE;
            }
        }
    }

    private static final ToLongFunction<Object> NONE = value -> {
        throw new IllegalStateException("no method");
    };

    private static final ClassValue<java.util.Map<String, ToLongFunction<Object>>> MADE = new ClassValue<>() {
        @Override
        protected java.util.Map<String, ToLongFunction<Object>> computeValue(Class<?> type) {
            return new java.util.concurrent.ConcurrentHashMap<>();
        }
    };
}
