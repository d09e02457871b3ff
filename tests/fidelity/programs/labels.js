// Stop labels: a breakpoint added while stopped, and `until`.
function square(x) {
  const y = x * x;
  return y; // @in-square
}
function main() {
  const total = square(7);
  console.log(total); // @after-call
  return total; // @return-total
}
main();
