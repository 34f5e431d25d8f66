SELECT window_start, window_end, item, SUM(price) AS total, COUNT(*) AS n
FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))
GROUP BY window_start, window_end, item
