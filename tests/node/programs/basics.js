// A small Node.js program for the js-debug tests: lines are found by their @marker comments.
const point = { x: 1, y: 2, name: "pünkt" };
const nums = [10, 20, 30];

function scale(p, k) {
  const q = { x: p.x * k, y: p.y * k, name: p.name }; // @scale
  return q; // @scale_return
}

function main() {
  let total = 0;
  for (let i = 0; i < nums.length; i++) {
    total += nums[i] * (i + 1); // @loop
  }
  const q = scale(point, 3); // @call
  console.log("héllo wörld", q.x, total); // @print
  process.stdout.write("raw write\n");
  process.stderr.write("stderr line\n"); // @after
  process.exitCode = 4; // @exit
}

main();
