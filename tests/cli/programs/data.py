"""Nested, cyclic and huge values to inspect."""


def main():
    nested = {"level1": {"level2": {"level3": {"level4": "deep"}}}, "items": [1, [2, [3, [4]]]]}
    cyclic = {"name": "loop"}
    cyclic["self"] = cyclic
    ring = [1, 2]
    ring.append(ring)
    numbers = list(range(5000))
    big = "x" * (1024 * 1024)
    count = 1
    print(len(nested), len(cyclic), len(ring), len(numbers), len(big), count)  # @inspect
    return count


if __name__ == "__main__":
    main()
