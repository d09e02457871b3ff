// Prices are strings from a form; adding them concatenates. Debugged by recipes/node.yaml.
const prices = ["19.99", "5.25", "0.99"];

function total(values) {
  let sum = 0;
  for (const value of values) {
    sum += value; // @add  the bug: 0 + "19.99" is the string "019.99"
  }
  return sum;
}

console.log(`total=${total(prices)}`);
