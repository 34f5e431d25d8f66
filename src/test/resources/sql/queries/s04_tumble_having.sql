SELECT item, window_start, SUM(price) * 2 AS doubled, MAX(price) - MIN(price) AS spread
FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))
GROUP BY window_start, window_end, item
HAVING COUNT(*) > 1 OR item = 'hat'
