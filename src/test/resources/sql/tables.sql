-- The tables every query of queries/ reads; ${data} is the data directory. Both engines run these
-- at parallelism 1 with 'pipeline.auto-watermark-interval' = 0: a watermark after every row that
-- grows it, so which rows are late is the same in both.
CREATE TABLE bids (bidtime TIMESTAMP(3), price DECIMAL(10, 2), item STRING,
  WATERMARK FOR bidtime AS bidtime - INTERVAL '1' SECOND)
WITH ('connector' = 'filesystem', 'path' = '${data}/bids.csv', 'format' = 'csv');

CREATE TABLE asks (ts TIMESTAMP(3), item STRING,
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)
WITH ('connector' = 'filesystem', 'path' = '${data}/asks.csv', 'format' = 'csv');

CREATE TABLE orders (id INT, order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '1' DAY)
WITH ('connector' = 'filesystem', 'path' = '${data}/orders.csv', 'format' = 'csv');

CREATE TABLE shipments (order_id INT, ship_time TIMESTAMP(3),
  WATERMARK FOR ship_time AS ship_time - INTERVAL '1' DAY)
WITH ('connector' = 'filesystem', 'path' = '${data}/shipments.csv', 'format' = 'csv')
