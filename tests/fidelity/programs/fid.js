// The fidelity scenario in JavaScript (the same steps as fid.py, fid.c, fid.go): lines are
// found by their @marker comments. Ends with an uncaught exception (exit code 1).
const fs = require("fs");

function square(n) {
  const result = n * n; // @square-body
  return result; // @square-return
}

function main(flag) {
  const point = { x: 3, y: 4 };
  const values = [10, 20, 30, 40, 50];
  let total = 0;
  let mark = 0;
  for (let i = 0; i < 5; i++) {
    total += values[i]; // @loop-body
    mark = i; // @loop-hit
    mark += 1; // @log
  }
  const sq = square(point.x); // @call
  console.log("a\tb héllo wörld", total, sq, mark); // @print
  const wait = () => {
    if (!fs.existsSync(flag)) { // @wait
      setTimeout(wait, 10);
      return;
    }
    throw new Error("boom"); // @raise
  };
  wait();
}

main(process.argv[2]);
