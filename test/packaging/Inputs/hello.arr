def main():
    x = arange(5.0)
    print("relocated:", x * 2.0)
