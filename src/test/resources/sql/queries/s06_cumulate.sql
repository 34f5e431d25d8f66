SELECT window_start, window_end, SUM(price) AS total
FROM TABLE(CUMULATE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '2' MINUTES, INTERVAL '10' MINUTES))
GROUP BY window_start, window_end
