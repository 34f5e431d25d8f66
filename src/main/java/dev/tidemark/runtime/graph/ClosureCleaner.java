package dev.tidemark.runtime.graph;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Drops the enclosing instance that an anonymous or inner class holds ({@code this$0}) when none of
 * its code reads it, so that a function declared in a test method does not fail to serialize
 * because it captured the (non-serializable) test instance it never uses; Flink's closure cleaner
 * does the same. Whether the field is read is decided from the class files of the class's nest (the
 * only code that can reach the synthetic field): any {@code getfield} of it, anywhere, keeps it.
 * Functions held in fields of the function are cleaned too. When in doubt, nothing is changed.
 */
final class ClosureCleaner {

    private static final int MAX_DEPTH = 5;
    private static final int GETFIELD = 0xB4;

    private ClosureCleaner() {}

    /** Cleans {@code value} and the objects its fields hold; whether anything was dropped. */
    static boolean clean(Object value) {
        return clean(value, Collections.newSetFromMap(new IdentityHashMap<>()), 0);
    }

    private static boolean clean(Object value, Set<Object> seen, int depth) {
        if (value == null || depth > MAX_DEPTH || !seen.add(value) || value.getClass().isArray()
                || value.getClass().getName().startsWith("java.")) {
            return false;
        }
        boolean dropped = false;
        for (Class<?> type = value.getClass(); type != null && type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (Modifier.isStatic(modifiers) || field.getType().isPrimitive()) {
                    continue;
                }
                Object held = read(field, value);
                if (held == null) {
                    continue;
                }
                if (field.isSynthetic() && field.getName().startsWith("this$")) {
                    if (!isRead(type, field.getName()) && write(field, value)) {
                        dropped = true;
                    }
                } else if (!Modifier.isTransient(modifiers)) {
                    dropped |= clean(held, seen, depth + 1);
                }
            }
        }
        return dropped;
    }

    private static Object read(Field field, Object owner) {
        try {
            return field.trySetAccessible() ? field.get(owner) : null;
        } catch (IllegalAccessException | RuntimeException e) {
            return null;
        }
    }

    private static boolean write(Field field, Object owner) {
        try {
            field.set(owner, null);
            return true;
        } catch (IllegalAccessException | RuntimeException e) {
            return false;
        }
    }

    /** Whether any class of {@code owner}'s nest reads field {@code name} of {@code owner}; true when unsure. */
    private static boolean isRead(Class<?> owner, String name) {
        try {
            String ownerName = owner.getName().replace('.', '/');
            for (Class<?> member : owner.getNestHost().getNestMembers()) {
                if (readsField(member, ownerName, name)) {
                    return true;
                }
            }
            return false;
        } catch (IOException | RuntimeException | LinkageError e) {
            return true;
        }
    }

    /**
     * Whether the code of {@code type} has a {@code getfield} of {@code owner.name}. Code bytes are
     * scanned without decoding instructions: a byte that only looks like one counts too, which can
     * only keep a field that could have been dropped.
     */
    private static boolean readsField(Class<?> type, String owner, String name) throws IOException {
        String resource = type.getName().replace('.', '/') + ".class";
        ClassLoader loader = type.getClassLoader() != null ? type.getClassLoader() : ClassLoader.getSystemClassLoader();
        try (InputStream stream = loader.getResourceAsStream(resource)) {
            if (stream == null) {
                throw new IOException("class file not found: " + resource);
            }
            ClassFile file = ClassFile.read(new DataInputStream(stream));
            boolean[] target = file.fieldRefs(owner, name);
            for (byte[] code : file.code) {
                for (int i = 0; i + 2 < code.length; i++) {
                    if ((code[i] & 0xFF) == GETFIELD) {
                        int index = ((code[i + 1] & 0xFF) << 8) | (code[i + 2] & 0xFF);
                        if (index < target.length && target[index]) {
                            return true;
                        }
                    }
                }
            }
            return false;
        }
    }

    /** The parts of a class file the cleaner needs: the constant pool and the code of every method. */
    private static final class ClassFile {
        final int[] tags;
        final Object[] entries; // Utf8: String; Class: name index; Fieldref: {class, nameAndType}; NameAndType: {name, type}
        final java.util.List<byte[]> code = new java.util.ArrayList<>();

        private ClassFile(int count) {
            tags = new int[count];
            entries = new Object[count];
        }

        static ClassFile read(DataInputStream in) throws IOException {
            if (in.readInt() != 0xCAFEBABE) {
                throw new IOException("not a class file");
            }
            in.readUnsignedShort(); // minor
            in.readUnsignedShort(); // major
            ClassFile file = new ClassFile(in.readUnsignedShort());
            for (int i = 1; i < file.tags.length; i++) {
                int tag = in.readUnsignedByte();
                file.tags[i] = tag;
                switch (tag) {
                    case 1 -> file.entries[i] = in.readUTF();
                    case 7, 8, 16, 19, 20 -> file.entries[i] = in.readUnsignedShort();
                    case 9, 10, 11, 12, 17, 18 -> file.entries[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
                    case 3, 4 -> in.readInt();
                    case 5, 6 -> {
                        in.readLong();
                        i++; // takes two slots
                    }
                    case 15 -> {
                        in.readUnsignedByte();
                        in.readUnsignedShort();
                    }
                    default -> throw new IOException("unknown constant pool tag " + tag);
                }
            }
            in.readUnsignedShort(); // access
            in.readUnsignedShort(); // this
            in.readUnsignedShort(); // super
            in.skipNBytes(2L * in.readUnsignedShort()); // interfaces
            int fields = in.readUnsignedShort();
            for (int f = 0; f < fields; f++) {
                in.skipNBytes(6);
                skipAttributes(in);
            }
            int methods = in.readUnsignedShort();
            for (int m = 0; m < methods; m++) {
                in.skipNBytes(6);
                int attributes = in.readUnsignedShort();
                for (int a = 0; a < attributes; a++) {
                    String attribute = (String) file.entries[in.readUnsignedShort()];
                    int length = in.readInt();
                    if ("Code".equals(attribute)) {
                        in.skipNBytes(4); // max stack, max locals
                        int codeLength = in.readInt();
                        file.code.add(in.readNBytes(codeLength));
                        in.skipNBytes(length - 8L - codeLength);
                    } else {
                        in.skipNBytes(length);
                    }
                }
            }
            return file;
        }

        private static void skipAttributes(DataInputStream in) throws IOException {
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                in.skipNBytes(2);
                in.skipNBytes(in.readInt());
            }
        }

        /** Which constant pool entries are field references to {@code owner.name}. */
        boolean[] fieldRefs(String owner, String name) {
            boolean[] refs = new boolean[tags.length];
            for (int i = 1; i < tags.length; i++) {
                if (tags[i] == 9) {
                    int[] ref = (int[]) entries[i];
                    String refOwner = (String) entries[(Integer) entries[ref[0]]];
                    String refName = (String) entries[((int[]) entries[ref[1]])[0]];
                    refs[i] = owner.equals(refOwner) && name.equals(refName);
                }
            }
            return refs;
        }
    }
}
