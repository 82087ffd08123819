print("fm")
