CREATE VIEW per_minute AS
SELECT window_time AS rowtime, item, SUM(price) AS total
FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '1' MINUTE))
GROUP BY window_start, window_end, window_time, item;

SELECT window_start, window_end, SUM(total) AS total
FROM TABLE(TUMBLE(TABLE per_minute, DESCRIPTOR(rowtime), INTERVAL '1' HOUR))
GROUP BY window_start, window_end
