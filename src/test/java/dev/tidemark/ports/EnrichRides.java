package dev.tidemark.ports;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.api.functions.RichCoFlatMapFunction;
import dev.tidemark.api.tuple.Tuple2;
import dev.tidemark.api.tuple.Tuple3;
import dev.tidemark.api.typeinfo.TypeHint;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;

/**
 * Two keyed streams connected, with keyed state in a co-function: rides (id, driver) and fares
 * (id, amount) arrive in any order; each ride is emitted with its fare once both have arrived.
 */
public class EnrichRides {

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataStream<Tuple2<Long, String>> rides = env.fromElements(Tuple2.of(1L, "ada"), Tuple2.of(2L, "bo"),
                Tuple2.of(3L, "cy"));
        DataStream<Tuple2<Long, Double>> fares = env.fromElements(Tuple2.of(2L, 7.5), Tuple2.of(1L, 12.0),
                Tuple2.of(4L, 3.0));
        rides.keyBy(ride -> ride.f0)
                .connect(fares.keyBy(fare -> fare.f0))
                .flatMap(new Enrichment())
                .print();
        env.execute("Enrich rides");
    }

    /** Keeps whichever of a ride and its fare comes first until the other comes. */
    public static class Enrichment
            extends RichCoFlatMapFunction<Tuple2<Long, String>, Tuple2<Long, Double>, Tuple3<Long, String, Double>> {

        private transient ValueState<Tuple2<Long, String>> ride;
        private transient ValueState<Tuple2<Long, Double>> fare;

        @Override
        public void open(OpenContext openContext) {
            ride = getRuntimeContext().getState(new ValueStateDescriptor<>("ride",
                    TypeInformation.of(new TypeHint<Tuple2<Long, String>>() {})));
            fare = getRuntimeContext().getState(new ValueStateDescriptor<>("fare",
                    TypeInformation.of(new TypeHint<Tuple2<Long, Double>>() {})));
        }

        @Override
        public void flatMap1(Tuple2<Long, String> newRide, Collector<Tuple3<Long, String, Double>> out)
                throws Exception {
            Tuple2<Long, Double> waiting = fare.value();
            if (waiting != null) {
                fare.clear();
                out.collect(Tuple3.of(newRide.f0, newRide.f1, waiting.f1));
            } else {
                ride.update(newRide);
            }
        }

        @Override
        public void flatMap2(Tuple2<Long, Double> newFare, Collector<Tuple3<Long, String, Double>> out)
                throws Exception {
            Tuple2<Long, String> waiting = ride.value();
            if (waiting != null) {
                ride.clear();
                out.collect(Tuple3.of(newFare.f0, waiting.f1, newFare.f1));
            } else {
                fare.update(newFare);
            }
        }
    }
}
