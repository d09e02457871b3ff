"""Values nested deeper than debugpy's SafeRepr writes (2 levels), and a real cycle."""
nested = [[i, [i, [i]]] for i in range(3)]
cycle = [1]
cycle.append(cycle)
deep = {"a": {"b": {"c": 1}}}
print(nested, cycle, deep)  # @ready
