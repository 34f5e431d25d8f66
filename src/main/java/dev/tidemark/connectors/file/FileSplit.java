package dev.tidemark.connectors.file;

import java.io.Serializable;

/**
 * A byte range of a file that one reader instance reads. A line belongs to the split in which it
 * starts, so every line is read exactly once however a file is cut.
 *
 * @param path the file
 * @param start the first byte of the range
 * @param length the number of bytes in the range
 * @param splitIndex the split's position in its file, 0 for the first
 */
public record FileSplit(String path, long start, long length, int splitIndex) implements Serializable {}
