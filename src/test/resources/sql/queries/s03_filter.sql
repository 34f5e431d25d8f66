SELECT item, price, bidtime FROM bids WHERE price > 3
