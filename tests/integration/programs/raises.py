def check(value):
    try:
        raise ValueError("caught")  # @raised
    except ValueError:
        pass
    return {}[value]  # @uncaught


check("missing")
