// Values that js-debug cuts, labels or writes oddly (the fidelity tests of values on js-debug):
// lines are found by their @marker comments.
function main() {
  const big = Array.from({ length: 1000 }, (_, i) => i * 2);
  const m = new Map([["a", 1], ["b", 2]]);
  const point = { x: 3, y: 4 };
  const tab = "a\tb\nc";
  const slash = "a\\tb";
  const keyed = new Map([["b\n", 2]]);
  const keys = { "k\nx": 1, "t\tab": 2 };
  const acc = { get g() { return 42; } };
  const sym = Symbol("tag\tx");
  const fn = function twice(v) {
    return v * 2;
  };
  console.log(big.length, m.size, point, tab, slash, keyed, keys, acc, sym, fn); // @ready
}
main();
