SELECT window_start, window_end, COUNT(*) AS n, MIN(price) AS low, MAX(price) AS high, AVG(price) AS mean
FROM TABLE(HOP(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))
GROUP BY window_start, window_end
