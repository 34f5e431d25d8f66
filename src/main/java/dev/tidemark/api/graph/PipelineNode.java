package dev.tidemark.api.graph;

import dev.tidemark.api.typeinfo.TypeInformation;
import java.util.List;

/**
 * One node of a {@link PipelineGraph}.
 *
 * @param id unique in the graph; a node's inputs have smaller ids
 * @param name the operator's name, as set with {@code name(..)}
 * @param uid the id set with {@code uid(..)}, or {@code null}
 * @param parallelism how many instances run it, resolved as the embedded planner does (the
 *     environment's default unless set; 1 for a source that is not parallel); a node that runs no
 *     operator (a partition, a side output, a union) has its first input's
 * @param outputType the element type the program declared ({@code returns(..)}, a typed source),
 *     or {@code null}
 * @param inputs the ids of the nodes it reads, in input order
 * @param chainingDisabled whether {@code disableChaining()} was called on it
 * @param startsNewChain whether {@code startNewChain()} was called on it
 * @param slotSharingGroup the group set with {@code slotSharingGroup(..)}, or {@code null}
 */
public record PipelineNode(int id, String name, String uid, int parallelism, TypeInformation<?> outputType,
        List<Integer> inputs, Operation operation, boolean chainingDisabled, boolean startsNewChain,
        String slotSharingGroup) {

    public PipelineNode {
        inputs = List.copyOf(inputs);
    }
}
