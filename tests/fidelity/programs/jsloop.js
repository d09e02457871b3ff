// A loop of 10 passes: the parts of a breakpoint js-debug takes one of (condition, log, hit count).
let sum = 0;
for (let i = 0; i < 10; i++) {
  sum += i; // @js-body
}
console.log("sum", sum); // @js-end
