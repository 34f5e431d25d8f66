SELECT item, window_start, window_end, COUNT(*) AS n
FROM TABLE(SESSION(TABLE bids PARTITION BY item, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES))
GROUP BY item, window_start, window_end
