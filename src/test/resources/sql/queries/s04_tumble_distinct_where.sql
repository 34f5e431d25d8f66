SELECT window_start, COUNT(DISTINCT item) AS items, COUNT(*) AS n, SUM(DISTINCT price) AS prices
FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '1' HOUR))
WHERE price > 2
GROUP BY window_start, window_end
