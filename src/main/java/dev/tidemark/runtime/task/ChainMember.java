package dev.tidemark.runtime.task;

/** The lifecycle every operator of a chain shares, whatever its number of inputs. */
interface ChainMember {

    String name();

    void open();

    void endInput();

    void close();
}
