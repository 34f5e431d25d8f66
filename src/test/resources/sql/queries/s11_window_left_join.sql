SELECT L.item, L.window_start, L.n AS bids, R.n AS asks
FROM (SELECT item, window_start, window_end, COUNT(*) AS n
      FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))
      GROUP BY item, window_start, window_end) L
LEFT JOIN (SELECT item, window_start, window_end, COUNT(*) AS n
      FROM TABLE(TUMBLE(TABLE asks, DESCRIPTOR(ts), INTERVAL '10' MINUTES))
      GROUP BY item, window_start, window_end) R
  ON L.item = R.item AND L.window_start = R.window_start AND L.window_end = R.window_end
